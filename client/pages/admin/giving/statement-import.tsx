/**
 * Import a bank statement: choose the file, read the summary (new credits, lines seen before,
 * matches, debits left out, rows that could not be read). When the columns are not recognised,
 * choose which column holds each field and send the file again; the choice is remembered.
 */
import { FileUp } from 'lucide-react';
import { useId, useState } from 'react';
import { t } from '../../../../shared/messages';
import { REQUIRED_STATEMENT_FIELDS, STATEMENT_FIELDS } from '../../../../shared/statement-columns';
import { useToast } from '../../../lib/toasts';
import { type ImportSummary, StatementRefused, uploadStatement } from './upload-statement';

const FIELD_LABELS = {
  date: 'admin.giving.field.date',
  narration: 'admin.giving.field.narration',
  credit: 'admin.giving.field.credit',
  debit: 'admin.giving.field.debit',
  reference: 'admin.giving.field.reference',
  balance: 'admin.giving.field.balance',
} as const;

function Summary({ summary }: { summary: ImportSummary }) {
  const fresh = summary.credits - summary.duplicates;
  return (
    <div className="admin-card giving-summary" role="status">
      <p className="giving-summary__lead">
        {t('admin.giving.importedLead', { fresh, duplicates: summary.duplicates })}
      </p>
      <ul className="giving-summary__figures">
        <li>{t('admin.giving.sureCount', { count: summary.matches.sure })}</li>
        <li>{t('admin.giving.likelyCount', { count: summary.matches.likely })}</li>
        <li>{t('admin.giving.unmatchedCount', { count: summary.unmatched })}</li>
        <li>{t('admin.giving.debitsIgnored', { count: summary.debits })}</li>
      </ul>
      {summary.problems.length > 0 && (
        <>
          <p className="giving-summary__problems-title">{t('admin.giving.problems')}</p>
          <ul className="giving-summary__problems">
            {summary.problems.map((p) => (
              <li key={p.row}>{p.message}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function StatementImport({ onImported }: { onImported: () => void }) {
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [pending, setPending] = useState<{ file: File; header: string[]; message: string } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});

  const send = async (file: File, chosen?: Record<string, string>) => {
    setBusy(true);
    try {
      const result = await uploadStatement(file, chosen);
      setSummary(result);
      setPending(null);
      onImported();
    } catch (error) {
      const refused = error instanceof StatementRefused ? error : new StatementRefused('', 0, undefined);
      setSummary(null);
      if (refused.header) {
        setPending({ file, header: refused.header, message: refused.message });
        setMapping({});
      } else if (refused.status !== 401) {
        toast.error(refused.message || t('admin.giving.importFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  const mappingComplete = [...REQUIRED_STATEMENT_FIELDS].every((field) => mapping[field]);

  return (
    <section className="admin-card giving-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section-title">
        {t('admin.giving.importTitle')}
      </h2>
      <p className="admin-muted">{t('admin.giving.importHelp')}</p>
      <label className={`admin-btn admin-btn--primary admin-file${busy ? ' admin-file--disabled' : ''}`}>
        <input
          type="file"
          className="admin-file__input"
          accept=".csv,.xlsx,.xls,text/csv"
          disabled={busy}
          aria-label={t('admin.giving.chooseFile')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
        <FileUp aria-hidden="true" size={16} />
        {busy ? t('admin.giving.importing') : t('admin.giving.chooseFile')}
      </label>

      {pending && (
        <form
          className="giving-mapping"
          onSubmit={(event) => {
            event.preventDefault();
            if (mappingComplete) void send(pending.file, mapping);
          }}
        >
          <p role="alert">{pending.message}</p>
          <div className="giving-mapping__grid">
            {STATEMENT_FIELDS.map((field) => (
              <label key={field} className="field">
                <span className="field__label">
                  {t(FIELD_LABELS[field])}
                  {!REQUIRED_STATEMENT_FIELDS.has(field) && (
                    <span className="field__optional"> {t('admin.giving.optional')}</span>
                  )}
                </span>
                <select
                  className="field__control field__control--select"
                  value={mapping[field] ?? ''}
                  required={REQUIRED_STATEMENT_FIELDS.has(field)}
                  onChange={(event) => setMapping({ ...mapping, [field]: event.target.value })}
                >
                  <option value="">{t('admin.giving.noColumn')}</option>
                  {pending.header
                    .filter((cell) => cell !== '')
                    .map((cell) => (
                      <option key={cell} value={cell}>
                        {cell}
                      </option>
                    ))}
                </select>
              </label>
            ))}
          </div>
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy || !mappingComplete}>
            {t('admin.giving.importWithColumns')}
          </button>
        </form>
      )}
      {summary && <Summary summary={summary} />}
    </section>
  );
}
