/** The campaign's main image: upload with progress, preview, replace or remove. */
import { useEffect, useId, useState } from 'react';
import { resolveImagePath } from '../../../../shared/image-path';
import { t } from '../../../../shared/messages';
import { CampaignImage } from '../../../components/campaign-image';
import { FieldError, LabelText } from '../../../components/form/field-parts';
import { Trash2 } from '../../../components/icons/trash-2';
import { ProgressBar } from '../../../components/progress-bar';
import { FileButton } from '../components/file-button';
import { uploadImage } from '../lib/upload';
import { useUploadFailure } from './use-upload-failure';

interface Pending {
  name: string;
  preview: string;
  progress: number;
}

export function MainImageUpload({
  value,
  onChange,
  error,
  required,
  onBusyChange,
}: {
  value: string;
  onChange: (path: string) => void;
  error?: string | undefined;
  required: boolean;
  onBusyChange: (busy: boolean) => void;
}) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [uploadError, setUploadError] = useState('');
  const failed = useUploadFailure(t('upload.singleFailed'));
  const headingId = useId();
  const errorId = useId();
  const shownError = uploadError || error;

  useEffect(() => onBusyChange(pending !== null), [pending, onBusyChange]);

  const upload = async ([file]: File[]) => {
    if (!file) return;
    const preview = URL.createObjectURL(file);
    setUploadError('');
    setPending({ name: file.name, preview, progress: 0 });
    try {
      const path = await uploadImage(file, (progress) => setPending((p) => p && { ...p, progress }));
      onChange(path);
    } catch (err) {
      setUploadError(failed(err));
    } finally {
      URL.revokeObjectURL(preview);
      setPending(null);
    }
  };

  return (
    <fieldset
      className={`field admin-upload${shownError ? ' field--invalid' : ''}`}
      aria-labelledby={headingId}
      aria-describedby={shownError ? errorId : undefined}
    >
      <legend id={headingId} className="field__label">
        <LabelText label={t('admin.image.main')} required={required} />
      </legend>
      <div className="admin-upload__row">
        <div className="admin-upload__preview">
          {pending ? (
            <img src={pending.preview} alt={t('admin.image.previewAlt')} />
          ) : value ? (
            <CampaignImage
              src={resolveImagePath(value)}
              alt={t('admin.image.previewAlt')}
              width={192}
              height={144}
              sizes="192px"
            />
          ) : null}
        </div>
        <div className="admin-upload__controls">
          <FileButton
            label={value ? t('admin.image.replace') : t('admin.image.choose')}
            disabled={pending !== null}
            describedBy={shownError ? errorId : undefined}
            onFiles={upload}
          />
          {value && !pending && (
            <button type="button" className="btn btn--staff btn--ghost" onClick={() => onChange('')}>
              <Trash2 aria-hidden="true" size={16} />
              {t('admin.image.remove')}
            </button>
          )}
          {pending && (
            <ProgressBar percent={pending.progress * 100} label={t('admin.image.uploading', { name: pending.name })} />
          )}
          <p className="field__hint">{t('admin.image.hint')}</p>
        </div>
      </div>
      <FieldError id={errorId} message={shownError} />
    </fieldset>
  );
}
