/** Internal notes on an entry, each with its author and time; loaded when opened. */
import { useState } from 'react';
import type { SubmissionType } from '../../../../shared/constants';
import { formatDateTime } from '../../../../shared/format';
import { t } from '../../../../shared/messages';
import { noteInput } from '../../../../shared/schemas/submissions';
import { useSchemaForm } from '../../../components/form/schema-form';
import { TextField } from '../../../components/form/text-field';
import { MessageSquareText } from '../../../components/icons/message-square-text';
import { Spinner } from '../../../components/spinner';
import { readServerError } from '../../../lib/server-error';
import { useToast } from '../../../lib/toasts';
import { trpc } from '../../../lib/trpc';

const noteBody = noteInput.pick({ body: true });

function NoteList({ type, id }: { type: SubmissionType; id: string }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const notes = trpc.submission.notes.useQuery({ type, id });
  const add = trpc.submission.addNote.useMutation();
  const form = useSchemaForm(noteBody);

  const submit = form.methods.handleSubmit(async ({ body }) => {
    try {
      await add.mutateAsync({ type, id, body });
      form.methods.reset();
      await utils.submission.notes.invalidate({ type, id });
    } catch (error) {
      const refused = readServerError(error);
      if (refused.status === 401) return;
      if (refused.fieldErrors.length > 0) form.showServerErrors(refused.fieldErrors);
      else toast.error(refused.message ?? t('admin.notes.addFailed'));
    }
  });

  return (
    <div className="admin-notes">
      {notes.isPending && <Spinner />}
      {notes.isError && <p className="admin-muted">{t('admin.notes.loadFailed')}</p>}
      {notes.data?.length === 0 && <p className="admin-muted">{t('admin.notes.none')}</p>}
      {notes.data && notes.data.length > 0 && (
        <ol className="admin-notes__list">
          {notes.data.map((note) => (
            <li key={note.id}>
              <p className="admin-notes__meta">
                <strong>{note.author}</strong> · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className="admin-notes__body">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} noValidate className="admin-notes__form">
        <TextField form={form} name="body" label={t('admin.notes.new')} rows={2} />
        <button type="submit" className="btn btn--staff btn--secondary btn--small" disabled={add.isPending}>
          {add.isPending ? t('admin.notes.adding') : t('admin.notes.add')}
        </button>
      </form>
    </div>
  );
}

export function EntryNotes({ type, id }: { type: SubmissionType; id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="admin-submission__more" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <MessageSquareText aria-hidden="true" size={16} /> {t('admin.notes.title')}
      </summary>
      {open && <NoteList type={type} id={id} />}
    </details>
  );
}
