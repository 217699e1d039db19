/**
 * The receipt on the donor's pledge page: printed on its own by the print CSS, and downloaded as
 * the same receipt in a PDF the server makes (server/giving/receipt-pdf.ts), in the page's
 * language. Both name the donor as the supporter wall does (not an anonymous one), write the
 * amount in figures and in words, and give the foundation's registration number once it is set.
 */
import { FOUNDATION } from '../../../shared/constants';
import { formatDate, formatNaira } from '../../../shared/format';
import { getLocale, t } from '../../../shared/messages';
import { nairaInWords } from '../../../shared/naira-words';
import type { OutputOf } from '../../lib/site-data';

type PageData = OutputOf<'pledge.page'>;

export function Receipt({ data }: { data: PageData }) {
  const { pledge, receipts, foundation, donorName } = data;
  const total = receipts.reduce((sum, r) => sum + r.amount, 0);
  const pdf = `/api/pledges/${pledge.reference}/receipt.pdf?lang=${getLocale()}`;
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{t('pledgePage.receiptTitle')}</h2>
      <p className="receipt__from">
        <strong>{FOUNDATION.name}</strong>
        <br />
        {foundation.address}
        <br />
        {foundation.email} · {foundation.phone}
        {foundation.cacRcNumber && (
          <>
            <br />
            {t('pledgePage.cacRcNumber', { number: foundation.cacRcNumber })}
          </>
        )}
      </p>
      {donorName && (
        <dl className="receipt__facts receipt__donor">
          <div>
            <dt>{t('pledgePage.receiptFrom')}</dt>
            <dd>{donorName}</dd>
          </div>
        </dl>
      )}
      <table className="receipt__table">
        <caption className="visually-hidden">{t('pledgePage.receiptTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pledgePage.receiptNumber')}</th>
            <th scope="col">{t('pledgePage.receiptDate')}</th>
            <th scope="col" className="receipt__amount">
              {t('pledgePage.receiptAmount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipts.map((r) => (
            <tr key={r.receiptNumber}>
              <td>{r.receiptNumber}</td>
              <td>{formatDate(r.receivedOn)}</td>
              <td className="receipt__amount">{formatNaira(r.amount)}</td>
            </tr>
          ))}
        </tbody>
        {receipts.length > 1 && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {t('pledgePage.receiptTotal')}
              </th>
              <td className="receipt__amount">{formatNaira(total)}</td>
            </tr>
          </tfoot>
        )}
      </table>
      <dl className="receipt__facts">
        <div>
          <dt>{t('pledgePage.receiptInWords')}</dt>
          <dd>{nairaInWords(total, getLocale())}</dd>
        </div>
        <div>
          <dt>{t('pledgePage.receiptCampaign')}</dt>
          <dd>{pledge.campaignTitle}</dd>
        </div>
        <div>
          <dt>{t('pledgePage.reference')}</dt>
          <dd>{pledge.reference}</dd>
        </div>
      </dl>
      <p>{t('pledgePage.receiptThanks')}</p>
      <div className="receipt__actions no-print">
        <a className="btn btn--primary" href={pdf} download>
          {t('pledgePage.downloadPdf')}
        </a>
        <button type="button" className="btn btn--secondary" onClick={() => window.print()}>
          {t('pledgePage.print')}
        </button>
      </div>
    </section>
  );
}
