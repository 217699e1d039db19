/**
 * Sending a saved draft: who it will reach, a test to oneself, then "Send now" (after a
 * confirmation naming the count) or a later time, picked on Lagos's clock.
 */
import { type FormEvent, useId, useState } from 'react';
import { formatNumber } from '../../../../shared/format';
import { lagosClock } from '../../../../shared/lagos-time';
import { t } from '../../../../shared/messages';
import type { Edition } from '../../../../shared/schemas/editions';
import { Calendar } from '../../../components/icons/calendar';
import { Mail } from '../../../components/icons/mail';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';

/** A datetime-local value (YYYY-MM-DDTHH:mm), read as Lagos's clock, as an instant with its offset. */
export const lagosInstant = (local: string) => `${local}:00+01:00`;

/** The earliest the time field offers: this minute in Lagos. */
const lagosNow = () => lagosClock(new Date()).toISOString().slice(0, 16);

export function SendPanel({ edition, blocked }: { edition: Edition; blocked: boolean }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const test = trpc.newsletters.test.useMutation();
  const send = trpc.newsletters.send.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState('');
  const headingId = useId();
  const noteId = useId();
  const atId = useId();
  const atErrorId = useId();
  const { en, ha } = edition.audience;
  const total = en + ha;
  const hausaInEnglish = edition.bodyHa.trim() === '' && ha > 0;

  const refused = (error: unknown, fallback: string) => {
    const answer = readServerError(error);
    if (answer.status === 401) return;
    toast.error(answer.message ?? fallback);
    const timeIssue = answer.fieldErrors.find((issue) => issue.path === 'at');
    if (timeIssue) setAtError(timeIssue.message);
  };

  const sendTest = async () => {
    try {
      toast.success((await test.mutateAsync({ id: edition.id })).message);
    } catch (error) {
      refused(error, t('editions.testFailed'));
    }
  };

  const sendAt = async (when: string | null) => {
    setAtError('');
    try {
      toast.success((await send.mutateAsync({ id: edition.id, ...(when ? { at: when } : {}) })).message);
    } catch (error) {
      refused(error, t('editions.sendFailed'));
    } finally {
      setConfirming(false);
      await utils.newsletters.invalidate();
    }
  };

  const schedule = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(at)) return setAtError(t('editions.badTime'));
    void sendAt(lagosInstant(at));
  };

  const busy = send.isPending || test.isPending;
  return (
    <section className="admin-card edition-send" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {t('editions.sendSection')}
      </h2>
      <p className="edition-send__audience">
        {total === 0
          ? t('editions.audienceNone')
          : t('editions.audience', { count: formatNumber(total), en: formatNumber(en), ha: formatNumber(ha) })}
      </p>
      {hausaInEnglish && <p className="admin-muted">{t('editions.hausaGetsEnglish', { ha: formatNumber(ha) })}</p>}
      {blocked && (
        <p id={noteId} className="alert alert--inline edition-send__blocked" role="status">
          {t('editions.saveFirst')}
        </p>
      )}
      <div className="edition-send__actions">
        <button
          type="button"
          className="btn btn--staff btn--secondary"
          disabled={blocked || busy}
          aria-busy={test.isPending}
          aria-describedby={blocked ? noteId : undefined}
          onClick={() => void sendTest()}
        >
          <Mail aria-hidden="true" size={18} />
          {test.isPending ? t('editions.testing') : t('editions.test')}
        </button>
        <button
          type="button"
          className="btn btn--staff btn--dark"
          disabled={blocked || busy || total === 0}
          aria-describedby={blocked ? noteId : undefined}
          onClick={() => setConfirming(true)}
        >
          {t('editions.sendNow')}
        </button>
      </div>
      <form className={`edition-schedule field${atError ? ' field--invalid' : ''}`} onSubmit={schedule} noValidate>
        <label htmlFor={atId} className="field__label">
          {t('editions.scheduleAt')}
        </label>
        <p id={`${atId}-hint`} className="field__hint">
          {t('editions.scheduleHint')}
        </p>
        <div className="edition-schedule__row">
          <input
            id={atId}
            type="datetime-local"
            className="field__control"
            value={at}
            min={lagosNow()}
            aria-invalid={atError ? true : undefined}
            aria-describedby={`${atId}-hint${atError ? ` ${atErrorId}` : ''}`}
            onChange={(event) => setAt(event.target.value)}
          />
          <button type="submit" className="btn btn--staff btn--secondary" disabled={blocked || busy || total === 0}>
            <Calendar aria-hidden="true" size={18} />
            {t('editions.schedule')}
          </button>
        </div>
        {atError && (
          <p id={atErrorId} className="field__error">
            {atError}
          </p>
        )}
      </form>
      <ConfirmDialog
        open={confirming}
        title={t('editions.sendTitle')}
        message={t('editions.sendMessage', { count: formatNumber(total) })}
        confirmLabel={t('editions.sendConfirm', { count: formatNumber(total) })}
        cancelLabel={t('editions.cancel')}
        busy={send.isPending}
        onConfirm={() => void sendAt(null)}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
