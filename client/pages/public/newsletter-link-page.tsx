/**
 * The page of a mailed newsletter link: what the link does and one button that does it. The
 * button is a real form post, so it works before (or without) the script; with the script the
 * same call goes through tRPC and the answer shows in place. Opening the page changes nothing:
 * mail scanners open links.
 */
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { getLocale, t } from '../../../shared/messages';
import { pathInLanguage } from '../../../shared/page-language';
import { LINK_OUTCOME_KEY, type LinkOutcome } from '../../../shared/schemas/newsletter';
import { CheckCircle2 } from '../../components/icons/circle-check';
import { CircleSlash } from '../../components/icons/circle-slash';
import { Mail } from '../../components/icons/mail';
import { readServerError } from '../../lib/server-error';
import { MessagePage } from './message-page';

/** What the server rendered this page to show (a form post's outcome, or a refused link), once. */
function useServedOutcome(): LinkOutcome | undefined {
  const queryClient = useQueryClient();
  const [outcome] = useState(() => queryClient.getQueryData<LinkOutcome>(LINK_OUTCOME_KEY));
  useEffect(() => {
    if (outcome) queryClient.removeQueries({ queryKey: LINK_OUTCOME_KEY });
  }, [outcome, queryClient]);
  return outcome;
}

export interface LinkPageProps {
  title: string;
  text: string;
  button: string;
  doneTitle: string;
  /** Where the form posts, and the fields it sends. */
  action: string;
  fields: Record<string, string>;
  /** The same change through tRPC, for the script. */
  run: () => Promise<{ message: string }>;
}

export function NewsletterLinkPage({ title, text, button, doneTitle, action, fields, run }: LinkPageProps) {
  const served = useServedOutcome();
  const [outcome, setOutcome] = useState<LinkOutcome | undefined>(served);
  const [pending, setPending] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    run()
      .then(
        (answer) => setOutcome({ ok: true, message: answer.message }),
        (error: unknown) =>
          setOutcome({ ok: false, message: readServerError(error).message ?? t('newsletter.failed') }),
      )
      .finally(() => setPending(false));
  };

  if (outcome)
    return (
      <MessagePage
        icon={outcome.ok ? CheckCircle2 : CircleSlash}
        title={outcome.ok ? doneTitle : t('newsletter.refusedTitle')}
        text={outcome.message}
      >
        <div className="button-row button-row--center" role="status">
          <Link to="/" className="btn btn--primary">
            {t('newsletter.home')}
          </Link>
        </div>
      </MessagePage>
    );

  return (
    <MessagePage icon={Mail} title={title} text={text}>
      <form method="post" action={pathInLanguage(action, getLocale())} onSubmit={onSubmit}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="button-row button-row--center">
          <button type="submit" className="btn btn--primary" disabled={pending} aria-busy={pending}>
            {button}
          </button>
        </div>
      </form>
    </MessagePage>
  );
}
