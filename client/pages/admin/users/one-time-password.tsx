/**
 * A one-time password, shown once after creating an account or resetting its password. For a new
 * account, whether its invitation to choose a password went out by mail.
 */
import { useEffect, useRef } from 'react';
import { t } from '../../../../shared/messages';
import { CopyButton } from '../../../components/copy-button';
import { KeyRound } from '../../../components/icons/key-round';

export function OneTimePassword({
  email,
  password,
  invitationMailed,
  onDone,
}: {
  email: string;
  password: string;
  invitationMailed?: boolean | undefined;
  onDone: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Focus moves here so a screen reader reads it and a keyboard user is next to the copy button.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} className="admin-card admin-secret" role="status" tabIndex={-1}>
      <h2 className="admin-section-title">
        <KeyRound aria-hidden="true" size={20} /> {t('admin.users.passwordFor', { email })}
      </h2>
      {invitationMailed !== undefined && (
        <p className={`alert alert--inline ${invitationMailed ? 'alert--success' : ''}`}>
          {invitationMailed
            ? t('passwordReset.users.invited', { email })
            : t('passwordReset.users.notMailed', { email })}
        </p>
      )}
      <p className="admin-secret__value">
        <code>{password}</code>
        <CopyButton value={password} label={t('admin.users.copyPassword')} />
      </p>
      <p className="admin-muted">{t('admin.users.passwordOnce')}</p>
      <button type="button" className="btn btn--staff btn--secondary" onClick={onDone}>
        {t('admin.users.done')}
      </button>
    </div>
  );
}
