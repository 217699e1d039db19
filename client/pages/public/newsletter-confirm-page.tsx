/** /newsletter/confirm?token=…: the double opt-in's last step, a button that confirms. */
import { useSearchParams } from 'wouter';
import { t } from '../../../shared/messages';
import { CONFIRM_ACTION } from '../../../shared/schemas/newsletter';
import { useSiteMutation } from '../../lib/site-mutations';
import { NewsletterLinkPage } from './newsletter-link-page';

export function NewsletterConfirmPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const confirm = useSiteMutation('newsletter.confirm');
  return (
    <NewsletterLinkPage
      title={t('newsletter.confirm.title')}
      text={t('newsletter.confirm.text')}
      button={t('newsletter.confirm.button')}
      doneTitle={t('newsletter.confirm.doneTitle')}
      action={CONFIRM_ACTION}
      fields={{ token }}
      run={() => confirm.mutateAsync({ token })}
    />
  );
}
