/**
 * The gallery: several images per upload with one progress bar each,
 * previews, single removal; the picker is disabled once GALLERY_LIMIT images exist and never sends
 * more files than the slots left.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { GALLERY_LIMIT } from '../../../../shared/constants';
import { resolveImagePath } from '../../../../shared/image-path';
import { t } from '../../../../shared/messages';
import { CampaignImage } from '../../../components/campaign-image';
import { FieldError, LabelText } from '../../../components/form/field-parts';
import { X } from '../../../components/icons/x';
import { ProgressBar } from '../../../components/progress-bar';
import { useToast } from '../../../lib/toasts';
import { FileButton } from '../components/file-button';
import { uploadImages } from '../lib/upload';
import { useUploadFailure } from './use-upload-failure';

interface Pending {
  key: string;
  name: string;
  preview: string;
  progress: number;
}

/** The same bytes uploaded twice give the same path: the occurrence number keeps keys unique. */
const keyOf = (images: readonly string[], i: number) => {
  const path = images[i] ?? '';
  return `${path}#${images.slice(0, i).filter((p) => p === path).length}`;
};

export type GalleryUpdate = (update: (images: string[]) => string[]) => void;

export function GalleryUpload({
  images,
  onChange,
  error,
  onBusyChange,
}: {
  images: readonly string[];
  onChange: GalleryUpdate;
  error?: string | undefined;
  onBusyChange: (busy: boolean) => void;
}) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [uploadError, setUploadError] = useState('');
  const failed = useUploadFailure(t('upload.multipleFailed'));
  const toast = useToast();
  const batch = useRef(0);
  const statusId = useId();
  const errorId = useId();
  const shownError = uploadError || error;
  const free = GALLERY_LIMIT - images.length - pending.length;

  useEffect(() => onBusyChange(pending.length > 0), [pending.length, onBusyChange]);

  const upload = async (chosen: File[]) => {
    const files = chosen.slice(0, Math.max(0, free));
    if (files.length < chosen.length) toast.info(t('admin.gallery.skipped', { count: files.length }));
    if (files.length === 0) return;
    const id = ++batch.current;
    const items = files.map((file, i) => ({
      key: `${id}-${i}`,
      name: file.name,
      preview: URL.createObjectURL(file),
      progress: 0,
    }));
    const keys = new Set(items.map((item) => item.key));
    setUploadError('');
    setPending((list) => [...list, ...items]);
    try {
      const paths = await uploadImages(files, (perFile) =>
        setPending((list) =>
          list.map((p) => {
            const index = items.findIndex((item) => item.key === p.key);
            return index === -1 ? p : { ...p, progress: perFile[index] ?? p.progress };
          }),
        ),
      );
      onChange((current) => [...current, ...paths].slice(0, GALLERY_LIMIT));
    } catch (err) {
      setUploadError(failed(err));
    } finally {
      for (const item of items) URL.revokeObjectURL(item.preview);
      setPending((list) => list.filter((p) => !keys.has(p.key)));
    }
  };

  return (
    <fieldset className={`field admin-upload${shownError ? ' field--invalid' : ''}`}>
      <legend className="field__label">
        <LabelText label={t('admin.gallery.label')} />
      </legend>
      <p id={statusId} className="field__hint">
        {free <= 0 && pending.length === 0
          ? t('admin.gallery.full', { limit: GALLERY_LIMIT })
          : t('admin.gallery.count', { count: images.length, limit: GALLERY_LIMIT })}
      </p>
      <ul className="admin-gallery">
        {images.map((path, i) => (
          <li key={keyOf(images, i)} className="admin-gallery__item">
            <CampaignImage
              src={resolveImagePath(path)}
              alt={t('admin.gallery.alt', { n: i + 1 })}
              width={160}
              height={120}
              sizes="160px"
            />
            <button
              type="button"
              className="admin-gallery__remove"
              aria-label={t('admin.gallery.remove', { n: i + 1 })}
              onClick={() => onChange((current) => current.filter((_, j) => j !== i))}
            >
              <X aria-hidden="true" size={16} />
            </button>
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.key} className="admin-gallery__item admin-gallery__item--pending">
            <img src={p.preview} alt="" />
            <ProgressBar percent={p.progress * 100} label={t('admin.image.uploading', { name: p.name })} />
          </li>
        ))}
      </ul>
      <FileButton
        label={t('admin.gallery.choose')}
        multiple
        disabled={free <= 0}
        describedBy={[statusId, shownError ? errorId : ''].filter(Boolean).join(' ')}
        onFiles={upload}
      />
      <FieldError id={errorId} message={shownError} />
    </fieldset>
  );
}
