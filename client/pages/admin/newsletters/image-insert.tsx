/**
 * "Insert image": uploads a picture (POST /upload/single) and puts `![alt](/api/uploads/…)` into
 * the Markdown at the cursor; only such uploaded images pass the mail's sanitiser.
 */
import { useId, useRef, useState } from 'react';
import { t } from '../../../../shared/messages';
import { ImagePlus } from '../../../components/icons/image-plus';
import { ProgressBar } from '../../../components/progress-bar';
import { useUploadFailure } from '../campaigns/use-upload-failure';
import { uploadImage } from '../lib/upload';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/** The file's name as the picture's alt text, without its extension and punctuation. */
export const altOf = (fileName: string) =>
  fileName
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[[\]()\\_*-]+/g, ' ')
    .trim() || t('editions.imageAlt');

/** The Markdown with the image put at [start, end) (replacing any selection), on a line of its own. */
export function insertImage(text: string, start: number, end: number, markdown: string) {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = `${lead}${markdown}${trail}`;
  return { text: `${before}${inserted}${after}`, cursor: before.length + lead.length + markdown.length };
}

export function ImageInsert({ field, onUploaded }: { field: string; onUploaded: (markdown: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<{ name: string; progress: number } | null>(null);
  const failed = useUploadFailure(t('editions.imageFailed'));
  const [error, setError] = useState('');
  const errorId = useId();

  const upload = async (file: File) => {
    setError('');
    setPending({ name: file.name, progress: 0 });
    try {
      const path = await uploadImage(file, (progress) => setPending((p) => p && { ...p, progress }));
      onUploaded(`![${altOf(file.name)}](${path})`);
    } catch (err) {
      setError(failed(err));
    } finally {
      setPending(null);
    }
  };

  return (
    <div className="edition-image">
      <label className={`btn btn--staff btn--secondary btn--small admin-file${pending ? ' admin-file--disabled' : ''}`}>
        <input
          ref={inputRef}
          type="file"
          className="admin-file__input"
          accept={ACCEPT}
          disabled={pending !== null}
          aria-label={t('editions.insertImageInto', { field })}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (inputRef.current) inputRef.current.value = '';
            if (file) void upload(file);
          }}
        />
        <ImagePlus aria-hidden="true" size={16} />
        <span>{t('editions.insertImage')}</span>
      </label>
      {pending && (
        <ProgressBar percent={pending.progress * 100} label={t('editions.imageUploading', { name: pending.name })} />
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
