/**
 * An edition that has gone out (or is due to): its status, how far sending has got, Pause and
 * Resume, the public page, and the mail as readers get it. The page asks again every 2 seconds
 * while anything can still move.
 */
import { useId } from 'react';
import { formatDateTime, formatNumber } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { type Edition, editionPath } from '../../../../shared/schemas/editions';
import { ProgressBar } from '../../../components/progress-bar';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';
import { EditionPreview } from './edition-preview';
import { STATUS_LABELS, StatusBadge } from './edition-status';

export function EditionProgress({ edition }: { edition: Edition }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const pause = trpc.newsletters.pause.useMutation();
  const resume = trpc.newsletters.resume.useMutation();
  const headingId = useId();
  const contentId = useId();
  const { counts } = edition;
  const done = counts.sent + counts.failed;
  const percent = counts.recipients > 0 ? (done / counts.recipients) * 100 : 0;
  const status = t(STATUS_LABELS[edition.status]);

  const act = async (mutation: typeof pause, fallback: string) => {
    try {
      toast.success((await mutation.mutateAsync({ id: edition.id })).message);
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status !== 401) toast.error(refused.message ?? fallback);
    } finally {
      await utils.newsletters.invalidate();
    }
  };

  return (
    <div className="edition-view">
      <section className="admin-card edition-progress" aria-labelledby={headingId}>
        <div className="edition-progress__head">
          <h2 id={headingId} className="admin-section-title">
            {t('editions.progress')}
          </h2>
          <StatusBadge status={edition.status} />
        </div>
        {edition.status === 'scheduled' && edition.sendAt ? (
          <p>{t('editions.scheduledNotice', { when: formatDateTime(edition.sendAt) })}</p>
        ) : (
          <p className="admin-muted">{t('editions.lockedNotice')}</p>
        )}
        {edition.status !== 'scheduled' && (
          <>
            <ProgressBar
              percent={percent}
              label={t('editions.progressLabel')}
              valueText={t('editions.progressValue', {
                done: formatNumber(done),
                recipients: formatNumber(counts.recipients),
              })}
              caption={`${Math.floor(percent)}%`}
            />
            <dl className="edition-figures">
              <div>
                <dt>{t('editions.recipients')}</dt>
                <dd>{formatNumber(counts.recipients)}</dd>
              </div>
              <div>
                <dt>{t('editions.queued')}</dt>
                <dd>{formatNumber(counts.queued)}</dd>
              </div>
              <div>
                <dt>{t('editions.sent')}</dt>
                <dd>{formatNumber(counts.sent)}</dd>
              </div>
              <div>
                <dt>{t('editions.failed')}</dt>
                <dd>{formatNumber(counts.failed)}</dd>
              </div>
            </dl>
          </>
        )}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {t('editions.progressStatus', {
            status,
            sent: formatNumber(counts.sent),
            failed: formatNumber(counts.failed),
            queued: formatNumber(counts.queued),
          })}
        </p>
        <ul className="edition-dates edition-dates--row admin-muted">
          {edition.startedAt && (
            <li>
              <time dateTime={edition.startedAt}>
                {t('editions.startedAt', { when: formatDateTime(edition.startedAt) })}
              </time>
            </li>
          )}
          {edition.sentAt && (
            <li>
              <time dateTime={edition.sentAt}>
                {t('editions.finishedAt', { when: formatDateTime(edition.sentAt) })}
              </time>
            </li>
          )}
        </ul>
        <div className="edition-send__actions">
          {(edition.status === 'scheduled' || edition.status === 'sending') && (
            <button
              type="button"
              className="btn btn--staff btn--secondary"
              disabled={pause.isPending}
              aria-busy={pause.isPending}
              onClick={() => void act(pause, t('editions.pauseFailed'))}
            >
              {/* Pausing a scheduled edition cancels its schedule (server/newsletter/editions/sending.ts). */}
              {t(edition.status === 'scheduled' ? 'editions.unschedule' : 'editions.pause')}
            </button>
          )}
          {edition.status === 'paused' && (
            <button
              type="button"
              className="btn btn--staff btn--dark"
              disabled={resume.isPending}
              aria-busy={resume.isPending}
              onClick={() => void act(resume, t('editions.resumeFailed'))}
            >
              {t('editions.resume')}
            </button>
          )}
          {edition.startedAt && (
            <a href={editionPath(edition.id)} className="admin-link edition-public" target="_blank" rel="noopener">
              {t('editions.publicLink')}
            </a>
          )}
        </div>
      </section>
      <section className="edition-content" aria-labelledby={contentId}>
        <h2 id={contentId} className="visually-hidden">
          {t('editions.content')}
        </h2>
        <EditionPreview
          collapsible={false}
          note={edition.bodyHa.trim() === '' ? t('editions.noHausa') : undefined}
          text={{
            subject: edition.subject,
            subjectHa: edition.subjectHa,
            body: edition.body,
            bodyHa: edition.bodyHa,
            campaignId: edition.campaignId,
          }}
        />
      </section>
    </div>
  );
}
