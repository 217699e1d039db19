/**
 * /admin/texts (admins and translators): every interface message, English and Hausa side by side,
 * grouped by its catalogue file, a page at a time; searched, filtered, and marked by its review in
 * the language chosen. Each language of a text opens the editor (text-editor.tsx).
 */
import { useEffect, useId, useState } from 'react';
import { LOCALE_CODES, type Locale, t } from '../../../../shared/messages';
import { TEXT_FILTERS, TEXTS_PAGE_SIZE, type TextFilter, type TextItem } from '../../../../shared/schemas/texts';
import { Pencil } from '../../../components/icons/pencil';
import { Search } from '../../../components/icons/search';
import { Spinner } from '../../../components/spinner';
import { trpc } from '../../../lib/trpc';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { LoadMore } from '../components/load-more';
import { ReviewMark } from './review-mark';
import { TextEditor } from './text-editor';
import { groupLabel, languageName, placeLabel, shownText } from './text-parts';

const FILTER_LABELS = {
  unreviewed: 'texts.filter.unreviewed',
  changed: 'texts.filter.changed',
  placeholders: 'texts.filter.placeholders',
  stale: 'texts.filter.stale',
} as const satisfies Record<TextFilter, string>;

const SEARCH_DELAY_MS = 300;

interface Editing {
  item: TextItem;
  locale: Locale;
}

/** The list's items in runs of the same catalogue file, each under its heading. */
function groupsOf(items: TextItem[]): { group: string; items: TextItem[] }[] {
  const groups: { group: string; items: TextItem[] }[] = [];
  for (const item of items) {
    const last = groups[groups.length - 1];
    if (last?.group === item.group) last.items.push(item);
    else groups.push({ group: item.group, items: [item] });
  }
  return groups;
}

function Language({
  item,
  locale,
  marksLocale,
  onEdit,
}: {
  item: TextItem;
  locale: Locale;
  marksLocale: Locale;
  onEdit: (locale: Locale) => void;
}) {
  const noteId = useId();
  const changed = item.override[locale] !== undefined;
  const locked = item.locked.includes(locale);
  return (
    <div className="texts-lang">
      <p className="texts-lang__head">
        <span>{languageName(locale)}</span>
        {changed && <span className="badge texts-badge texts-badge--changed">{t('texts.filter.changed')}</span>}
      </p>
      <p className="texts-text" lang={locale}>
        {shownText(item, locale)}
      </p>
      {locked && (
        <p id={noteId} className="texts-lang__locked">
          {t(item.locked.includes('ha') ? 'texts.lockedApi' : 'texts.locked')}
        </p>
      )}
      <div className="texts-lang__foot">
        {locale === marksLocale && <ReviewMark item={item} />}
        <button
          type="button"
          className="btn btn--staff btn--ghost btn--small texts-lang__edit"
          aria-label={t('texts.editLabel', { language: languageName(locale), key: item.key })}
          aria-describedby={locked ? noteId : undefined}
          disabled={locked}
          onClick={() => onEdit(locale)}
        >
          <Pencil aria-hidden="true" size={16} />
          {t('texts.edit')}
        </button>
      </div>
    </div>
  );
}

function TextCard({
  item,
  marksLocale,
  onEdit,
}: {
  item: TextItem;
  marksLocale: Locale;
  onEdit: (editing: Editing) => void;
}) {
  return (
    <li className="texts-item">
      <div className="texts-item__head">
        <h3 className="texts-item__key">{item.key}</h3>
        {item.stale && <span className="badge texts-badge texts-badge--stale">{t('texts.filter.stale')}</span>}
        <p className="texts-item__place">{t('texts.where', { place: placeLabel(item.place) })}</p>
      </div>
      <div className="texts-item__langs">
        {LOCALE_CODES.map((locale) => (
          <Language
            key={locale}
            item={item}
            locale={locale}
            marksLocale={marksLocale}
            onEdit={(chosen) => onEdit({ item, locale: chosen })}
          />
        ))}
      </div>
    </li>
  );
}

function TextGroup({
  group,
  items,
  marksLocale,
  onEdit,
}: {
  group: string;
  items: TextItem[];
  marksLocale: Locale;
  onEdit: (editing: Editing) => void;
}) {
  const headingId = useId();
  return (
    <section className="texts-group" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-section-title">
        {groupLabel(group)}
      </h2>
      <ul className="texts-list">
        {items.map((item) => (
          <TextCard key={item.key} item={item} marksLocale={marksLocale} onEdit={onEdit} />
        ))}
      </ul>
    </section>
  );
}

export function TextsPage() {
  const utils = trpc.useUtils();
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<TextFilter | ''>('');
  const [locale, setLocale] = useState<Locale>('ha');
  const [editing, setEditing] = useState<Editing | null>(null);

  // The list follows the search a moment after typing stops, not on every key.
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, q]);

  const query = {
    locale,
    limit: TEXTS_PAGE_SIZE.default,
    ...(q ? { q } : {}),
    ...(filter ? { filter } : {}),
  };
  const pages = trpc.texts.list.useInfiniteQuery(query, { getNextPageParam: (last) => last.next ?? undefined });
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const counts = pages.data?.pages[0]?.counts;

  /** A change made in the editor: shown in the list at once, then the counts and filter read again. */
  const changed = (next: TextItem, changedIn: Locale) => {
    utils.texts.list.setInfiniteData(query, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((old) => {
                if (old.key !== next.key) return old;
                if (changedIn === locale) return next;
                // The answer's review mark is for the language edited; the list's is for its own.
                const { reviewedBy: _by, reviewedAt: _at, ...rest } = next;
                return old.reviewedBy ? { ...rest, reviewedBy: old.reviewedBy, reviewedAt: old.reviewedAt } : rest;
              }),
            })),
          }
        : data,
    );
    void utils.texts.list.invalidate();
  };

  return (
    <AdminPage title={t('texts.title')}>
      <p className="admin-muted texts-intro">{t('texts.intro')}</p>
      <search className="admin-filters admin-filters--inline texts-filters">
        <label className="field admin-filters__search">
          <span className="field__label">{t('texts.search')}</span>
          <span className="admin-search">
            <Search aria-hidden="true" size={16} />
            <input
              type="search"
              className="field__control"
              value={typed}
              maxLength={200}
              onChange={(event) => setTyped(event.target.value)}
            />
          </span>
        </label>
        <label className="field">
          <span className="field__label">{t('texts.show')}</span>
          <select
            className="field__control field__control--select"
            value={filter}
            onChange={(event) => setFilter(event.target.value as TextFilter | '')}
          >
            <option value="">{t('texts.filter.all')}</option>
            {TEXT_FILTERS.map((name) => (
              <option key={name} value={name}>
                {t(FILTER_LABELS[name])}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('texts.language')}</span>
          <select
            className="field__control field__control--select"
            value={locale}
            onChange={(event) => setLocale(event.target.value as Locale)}
          >
            {(['ha', 'en'] as const).map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </label>
      </search>
      {counts && (
        <p className="texts-counts">
          {t('texts.counts', {
            language: languageName(locale),
            reviewed: counts.reviewed,
            total: counts.total,
            changed: counts.changed,
          })}
        </p>
      )}
      {pages.isPending && <Spinner />}
      {pages.isError && <LoadError message={t('texts.loadFailed')} onRetry={() => void pages.refetch()} />}
      {pages.data && items.length === 0 && <p className="admin-card admin-empty">{t('texts.empty')}</p>}
      {groupsOf(items).map(({ group, items: texts }) => (
        <TextGroup key={texts[0]!.key} group={group} items={texts} marksLocale={locale} onEdit={setEditing} />
      ))}
      <LoadMore pages={pages} />
      {editing && (
        <TextEditor
          key={`${editing.item.key}-${editing.locale}`}
          item={editing.item}
          locale={editing.locale}
          listLocale={locale}
          onChanged={changed}
          onClose={() => setEditing(null)}
        />
      )}
    </AdminPage>
  );
}
