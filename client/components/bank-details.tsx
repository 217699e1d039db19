import { t } from '../../shared/messages';
import { CopyButton } from './copy-button';

export interface BankAccount {
  accountName: string;
  accountNumber: string;
  bankName: string;
}

/** Account name, number and bank as a definition list; `copyable` adds the copy button. */
export function BankDetails({ account, copyable = false }: { account: BankAccount; copyable?: boolean }) {
  return (
    <dl className="bank-details">
      <div>
        <dt>{t('detail.accountName')}</dt>
        <dd>{account.accountName}</dd>
      </div>
      <div>
        <dt>{t('detail.accountNumber')}</dt>
        <dd className="bank-details__number">
          <span className="bank-details__digits">{account.accountNumber}</span>
          {copyable && <CopyButton value={account.accountNumber} label={t('common.copyAccountNumber')} />}
        </dd>
      </div>
      <div>
        <dt>{t('detail.bankName')}</dt>
        <dd>{account.bankName}</dd>
      </div>
    </dl>
  );
}
