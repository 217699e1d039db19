import { useId } from 'react';
import type { StatusType } from '../../../../shared/constants';
import { t } from '../../../../shared/messages';
import { statusOptions } from './status-options';

/** The status dropdown of one submission; the value stays the server's until the reload. */
export function StatusSelect({
  type,
  value,
  name,
  disabled,
  onChange,
}: {
  type: StatusType;
  value: string;
  name: string;
  disabled: boolean;
  onChange: (status: string) => void;
}) {
  const id = useId();
  return (
    <div className="admin-status">
      <label htmlFor={id} className="visually-hidden">
        {t('admin.submissions.statusFor', { name })}
      </label>
      <select
        id={id}
        className={`field__control field__control--select admin-status__select admin-status__select--${value}`}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {statusOptions(type).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
