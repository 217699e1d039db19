/**
 * /pledge-lookup, "Find my pledge": a donor who lost the payment reference gives the email of the
 * pledge and gets a mail with the links to its pledges. The page never shows a pledge: every
 * address gets the same "check your mail". The form is a real form post, so it works before (or
 * without) the script: the server answers 303 back here with ?sent=1, or ?error=email for an
 * address it refused. With the script the same call goes through tRPC and the answer shows in place.
 */
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { TEXT_LIMITS } from '../../../shared/constants';
import { getLocale, t } from '../../../shared/messages';
import { pathInLanguage } from '../../../shared/page-language';
import { LOOKUP_ERROR_PARAM, LOOKUP_SENT_PARAM } from '../../../shared/pledge-lookup';
import { CheckCircle2 } from '../../components/icons/circle-check';
import { readServerError } from '../../lib/server-error';
import { useSiteMutation } from '../../lib/site-mutations';
import { MessagePage } from './message-page';

const ACTION = '/api/pledges/lookup';

export function PledgeLookupPage() {
  const search = new URLSearchParams(useSearch());
  const lookup = useSiteMutation('pledge.lookup');
  const [sent, setSent] = useState(search.get(LOOKUP_SENT_PARAM) === '1');
  const [fieldError, setFieldError] = useState(search.get(LOOKUP_ERROR_PARAM) === 'email' ? t('validation.email') : '');
  const [formError, setFormError] = useState('');
  const id = useId();
  const emailId = `${id}-email`;
  const errorId = `${id}-email-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (lookup.isPending) return;
    const data = new FormData(event.currentTarget);
    setFieldError('');
    setFormError('');
    lookup.mutateAsync({ email: String(data.get('email') ?? ''), website: String(data.get('website') ?? '') }).then(
      () => setSent(true),
      (error: unknown) => {
        const refused = readServerError(error);
        const onEmail = refused.fieldErrors.find((issue) => issue.path === 'email');
        if (onEmail) setFieldError(onEmail.message);
        // No answer came (offline, a weak signal): said in the page's language, with the button to try again.
        else setFormError(refused.message ?? t('pledgeLookup.failed'));
      },
    );
  };

  if (sent)
    return (
      <MessagePage icon={CheckCircle2} title={t('pledgeLookup.sentTitle')} text={t('pledgeLookup.sent')}>
        <p>{t('pledgeLookup.sentHint')}</p>
        <div className="button-row button-row--center" role="status">
          <Link to="/campaigns" className="btn btn--primary">
            {t('common.backToCampaigns')}
          </Link>
          <Link to="/contact" className="btn btn--secondary">
            {t('pledgeAfter.contactLink')}
          </Link>
        </div>
      </MessagePage>
    );

  return (
    <section className="section">
      <div className="container narrow">
        <h1>{t('pledgeLookup.title')}</h1>
        <p>{t('pledgeLookup.intro')}</p>
        <form
          className="pledge-lookup__form"
          method="post"
          action={pathInLanguage(ACTION, getLocale())}
          onSubmit={onSubmit}
          noValidate
        >
          {formError && (
            <p className="alert alert--inline alert--danger" role="alert">
              {formError}
            </p>
          )}
          <div className={`field${fieldError ? ' field--invalid' : ''}`}>
            <label htmlFor={emailId} className="field__label">
              {t('pledgeLookup.email')}
            </label>
            <input
              id={emailId}
              className="field__control"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={TEXT_LIMITS.email}
              aria-required
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
            />
            {fieldError && (
              <p id={errorId} className="field__error">
                {fieldError}
              </p>
            )}
          </div>
          {/* Hidden from people and assistive tech; naive bots fill it in and nothing is mailed. */}
          <div className="honeypot" aria-hidden="true">
            <label htmlFor={`${id}-website`}>{t('form.honeypot')}</label>
            <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <button type="submit" className="btn btn--primary" disabled={lookup.isPending} aria-busy={lookup.isPending}>
            {lookup.isPending ? t('pledgeLookup.submitting') : formError ? t('common.retry') : t('pledgeLookup.submit')}
          </button>
        </form>
        <p className="muted small">{t('pledgeLookup.privacy')}</p>
      </div>
    </section>
  );
}
