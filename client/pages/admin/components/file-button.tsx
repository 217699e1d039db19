/**
 * A file input that looks like a button: the real input stays in the page (keyboard, screen
 * readers and setInputFiles reach it) and the label carries the look and the focus ring.
 */
import { useRef } from 'react';
import { ImagePlus } from '../../../components/icons/image-plus';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export function FileButton({
  label,
  multiple = false,
  disabled = false,
  describedBy,
  onFiles,
}: {
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  describedBy?: string | undefined;
  onFiles: (files: File[]) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <label className={`btn btn--staff btn--secondary admin-file${disabled ? ' admin-file--disabled' : ''}`}>
      <input
        ref={inputRef}
        type="file"
        className="admin-file__input"
        accept={ACCEPT}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again still fires a change.
          if (inputRef.current) inputRef.current.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <ImagePlus aria-hidden="true" size={18} />
      <span>{label}</span>
    </label>
  );
}
