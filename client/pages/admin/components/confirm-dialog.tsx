/**
 * A modal confirmation on the native <dialog>: showModal traps focus and makes the page inert;
 * Escape cancels; focus starts on Cancel (the safe choice) and returns where it was on close.
 */
import { useEffect, useId, useRef } from 'react';

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        // Escape: let React state, not the browser, close it.
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <div className="dialog__body">
          <h2 id={titleId} className="admin-section-title">
            {title}
          </h2>
          <p id={messageId}>{message}</p>
          <div className="dialog__actions">
            <button
              ref={cancelRef}
              type="button"
              className="btn btn--staff btn--ghost"
              onClick={onCancel}
              disabled={busy}
            >
              {cancelLabel}
            </button>
            <button
              type="button"
              className="btn btn--staff btn--danger"
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
