/**
 * /newsletter/unsubscribe?token=…: the page of the unsubscribe link. Its button posts what a mail
 * program's one-click unsubscribe posts (RFC 8058), to the same address.
 */
import { useSearchParams } from 'wouter';
import { t } from '../../../shared/messages';
import { UNSUBSCRIBE_PAGE } from '../../../shared/schemas/newsletter';
import { useSiteMutation } from '../../lib/site-mutations';
import { NewsletterLinkPage } from './newsletter-link-page';

export function NewsletterUnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const leave = useSiteMutation('newsletter.unsubscribe');
  return (
    <NewsletterLinkPage
      title={t('newsletter.unsubscribe.title')}
      text={t('newsletter.unsubscribe.text')}
      button={t('newsletter.unsubscribe.button')}
      doneTitle={t('newsletter.unsubscribe.doneTitle')}
      action={`${UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token })}`}
      fields={{ 'List-Unsubscribe': 'One-Click' }}
      run={() => leave.mutateAsync({ token })}
    />
  );
}
