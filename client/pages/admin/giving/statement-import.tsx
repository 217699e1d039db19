/**
 * Import a bank statement: choose the file, read the summary (new credits, lines seen before,
 * matches, Paystack settlements, debits left out, rows that could not be read). When the columns are not recognised,
 * choose which column holds each field and send the file again; the choice is remembered.
 */
import { useId, useState } from 'react';
import { t } from '../../../../shared/messages';
import { statementMappingInput } from '../../../../shared/schemas/statement-mapping';
import { STATEMENT_FIELDS } from '../../../../shared/statement-columns';
import { useSchemaForm } from '../../../components/form/schema-form';
import { SelectField } from '../../../components/form/select-field';
import { FileUp } from '../../../components/icons/file-up';
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
        {summary.settlements > 0 && <li>{t('admin.giving.settlementsCount', { count: summary.settlements })}</li>}
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

/** Which column holds each field, for a file whose header was not recognised; blank choices are left out. */
function ColumnChooser({
  header,
  message,
  busy,
  onChosen,
}: {
  header: string[];
  message: string;
  busy: boolean;
  onChosen: (mapping: Record<string, string>) => void;
}) {
  const form = useSchemaForm(statementMappingInput);
  const cells = header.filter((cell) => cell !== '');
  const submit = form.methods.handleSubmit((mapping) =>
    onChosen(Object.fromEntries(Object.entries(mapping).filter((entry): entry is [string, string] => !!entry[1]))),
  );
  return (
    <form className="giving-mapping" noValidate onSubmit={submit}>
      <p role="alert">{message}</p>
      <div className="giving-mapping__grid">
        {STATEMENT_FIELDS.map((field) => (
          <SelectField
            key={field}
            form={form}
            name={field}
            label={t(FIELD_LABELS[field])}
            options={cells}
            placeholder={t('admin.giving.noColumn')}
            labelOf={(cell) => cell}
          />
        ))}
      </div>
      <button type="submit" className="btn btn--staff btn--dark" disabled={busy}>
        {t('admin.giving.importWithColumns')}
      </button>
    </form>
  );
}

export function StatementImport({ onImported }: { onImported: () => void }) {
  const toast = useToast();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [pending, setPending] = useState<{ file: File; header: string[]; message: string } | null>(null);

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
      } else if (refused.status !== 401) {
        toast.error(refused.message || t('admin.giving.importFailed'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-card giving-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section-title">
        {t('admin.giving.importTitle')}
      </h2>
      <p className="admin-muted">{t('admin.giving.importHelp')}</p>
      <label className={`btn btn--staff btn--dark admin-file${busy ? ' admin-file--disabled' : ''}`}>
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
        <ColumnChooser
          // A new refusal starts the choice afresh.
          key={`${pending.file.name}|${pending.header.join('|')}|${pending.message}`}
          header={pending.header}
          message={pending.message}
          busy={busy}
          onChosen={(mapping) => void send(pending.file, mapping)}
        />
      )}
      {summary && <Summary summary={summary} />}
    </section>
  );
}
