/**
 * One message of the outbox in a modal: who it goes to, its subject and its plain-text body (the
 * HTML part is never rendered here: it stays data, not markup, in the dashboard).
 */
import { useEffect, useId, useRef } from 'react';
import { formatDateTime } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { Spinner } from '../../../components/spinner';
import { trpc } from '../../../lib/trpc';
import { LoadError } from '../components/load-error';

export function MessageDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const message = trpc.outbox.get.useQuery({ id });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    closeRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="dialog outbox-message"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId} className="admin-section-title">
          {message.data ? t('outbox.messageTitle', { to: message.data.to }) : t('outbox.view')}
        </h2>
        {message.isPending && <Spinner />}
        {message.isError && (
          <LoadError message={t('outbox.messageLoadFailed')} onRetry={() => void message.refetch()} />
        )}
        {message.data && (
          <>
            <dl className="outbox-message__facts">
              <dt>{t('outbox.subject')}</dt>
              <dd>{message.data.subject}</dd>
              <dt>{t('outbox.kind')}</dt>
              <dd>
                <code>{message.data.kind}</code>
              </dd>
              <dt>{t('outbox.times')}</dt>
              <dd>
                {t('outbox.queuedAt', { when: formatDateTime(message.data.createdAt) })}
                {message.data.sentAt && ` · ${t('outbox.sentAt', { when: formatDateTime(message.data.sentAt) })}`}
              </dd>
              {message.data.lastError && (
                <>
                  <dt>{t('outbox.lastError')}</dt>
                  <dd className="outbox-error">{message.data.lastError}</dd>
                </>
              )}
            </dl>
            <h3 className="outbox-message__heading">{t('outbox.textBody')}</h3>
            <pre className="outbox-message__text" lang={message.data.language}>
              {message.data.text}
            </pre>
          </>
        )}
        <div className="dialog__actions">
          <button ref={closeRef} type="button" className="btn btn--staff btn--secondary" onClick={onClose}>
            {t('outbox.close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
