import { describe, expect, it } from 'vitest';
import { parsePo, toPo } from '../../scripts/i18n';
import { catalogueProblems, loadCatalogues, looksUntranslated, missingKeys } from '../../scripts/i18n/catalogues';
import { t } from '../../shared/messages';
import { formatMessage, placeholderCounts, placeholdersOf } from '../../shared/messages/format-message';
import { textProblems } from '../../shared/messages/text-rules';

describe('the catalogues', () => {
  it('hold every message in English and Hausa, with the same placeholders, and every key the code uses', async () => {
    const files = await loadCatalogues();
    expect(catalogueProblems(files)).toEqual([]);
    expect(missingKeys(files)).toEqual([]);
  });

  it('find a missing, an untranslated and a mistyped Hausa text', () => {
    const file = {
      file: 'spec',
      name: 'specMessages',
      en: { a: 'Please try again', b: 'Hello {name}', c: 'Kano', d: 'Saved' },
      translations: { ha: { a: 'Please try again', b: 'Sannu {suna}', c: 'Kano', e: 'x' } },
    };
    expect(catalogueProblems([file])).toEqual([
      'ha/spec.ts: a is still in English',
      'ha/spec.ts: b lacks {name} and has {suna}, which the English has not',
      'ha/spec.ts: d is missing',
      'ha/spec.ts: e is not in en/spec.ts',
    ]);
    expect(looksUntranslated('CSV', 'CSV')).toBe(false);
  });

  it('find a broken plural, a lone brace and a glossary term rendered another way', () => {
    const file = {
      file: 'spec',
      name: 'specMessages',
      en: {
        a: '{count, plural, one {# campaign} other {# campaigns}}',
        b: 'Hello {name}',
        c: 'Add a note',
        // A placeholder named like a term is no use of it.
        e: 'Thank you for your {campaign} gift',
        f: 'Import a bank statement',
      },
      translations: {
        ha: {
          a: '{count, plural, one {gangami #}}',
          b: 'Sannu {name',
          c: 'Ƙara bayani',
          e: 'Mun gode da gudummawarka ga {campaign}',
          f: 'Shigo da takardar banki',
        },
      },
    };
    expect(catalogueProblems([file])).toEqual([
      'ha/spec.ts: a breaks the plural of {count} (it needs its forms, "other" included)',
      'ha/spec.ts: b has a brace without its pair',
      'ha/spec.ts: c renders "note" otherwise than the glossary\'s "tsokaci"',
      'ha/spec.ts: f renders "bank statement" otherwise than the glossary\'s "bayanan banki"',
    ]);
  });

  it('find a text out of proportion to its English, and a placeholder written more often', () => {
    const file = {
      file: 'mail',
      name: 'mailMessages',
      en: {
        'x.title': 'Saved',
        'x.intro': 'Your gift to {campaign} is recorded',
        'mail.x.subject': 'Receipt {number}: thank you, your gift to {campaign} is recorded and counted today',
        'x.count': '{count, plural, one {# gift} other {# gifts}}',
      },
      translations: {
        ha: {
          'x.title': 'An ajiye '.repeat(10).trim(),
          'x.intro': 'An rubuta gudummawarka ga {campaign}, {campaign}',
          'mail.x.subject': `Rasiti {number}: mun gode, an rubuta gudummawarka ga {campaign} ${'a'.repeat(90)}`,
          'x.count': '{count, plural, one {gudummawa #} other {gudummawa # {count}}}',
        },
      },
    };
    expect(catalogueProblems([file])).toEqual([
      'ha/mail.ts: x.title is longer than 80 characters',
      'ha/mail.ts: x.intro writes {campaign} more than once, as the English does',
      'ha/mail.ts: mail.x.subject is longer than 150 characters',
      'ha/mail.ts: x.count writes {count} more than once, as the English does',
    ]);
    // The same rule for a correction: three times the catalogue's text in its own language.
    const long = 'Ajiye '.repeat(30);
    expect(textProblems('Saved', long, 'ha', { key: 'x.title', catalogue: 'An ajiye' })).toEqual([
      { kind: 'length', max: 80 },
    ]);
    expect(textProblems('Saved', long, 'ha', { key: 'x.title', catalogue: 'x'.repeat(60) })).toEqual([]);
    expect(placeholderCounts('{a} {b, plural, one {# {a}} other {{a} #}} {a}')).toEqual(
      new Map([
        ['a', 4],
        ['b', 1],
      ]),
    );
  });

  it("refuse each rendering the glossary replaced, and take the glossary's own", () => {
    // [English, Hausa as it was written, the term, Hausa as the glossary has it]
    const cases: [string, string, string, string][] = [
      [
        'This link has expired. Please ask for a new one.',
        'Lokacin wannan hanya ya ƙare. Da fatan za a nemi wata sabuwa.',
        'link',
        "Wa'adin wannan mahaɗin ya ƙare. Da fatan ka nemi wani sabo.",
      ],
      ['Send the link', 'Aika hanyar', 'link', 'Aika mahaɗin'],
      ['Delete draft', 'Share daftari', 'delete', 'Goge daftari'],
      ['Draft deleted', 'An share daftarin', 'delete', 'An goge daftarin'],
      [
        'Will reach {count} subscribers.',
        'Za ta kai ga masu biyan kuɗin shiga {count}.',
        'subscriber',
        'Za ta kai ga masu rajista {count}.',
      ],
      // Refused wherever it stands, though the English says "subscription".
      [
        'Nobody has confirmed a subscription yet',
        'Babu wanda ya tabbatar da biyan kuɗin shiga tukuna',
        'subscriber',
        'Babu mai rajista da ya tabbatar tukuna',
      ],
      ['Unsubscribe', 'Daina karɓa', 'unsubscribe', 'Cire sunana'],
      ['Unsubscribed', 'An janye rajista', 'unsubscribe', 'An cire sunan'],
      [
        'Stop receiving the newsletter.',
        'Daina karɓar wasiƙar labarai.',
        'unsubscribe',
        'Cire sunanka daga jerin wasiƙar labarai.',
      ],
      ['Subject', 'Take', 'subject (of a mail)', "Maudu'i"],
      ['Subject', 'Batu', 'subject (of a mail)', "Maudu'i"],
      [
        'Scheduled for {when} (Lagos time).',
        'An tsara aikawa a {when} (lokacin Legas).',
        'Lagos time',
        'An tsara aikawa a {when} (agogon Legas).',
      ],
      ['Open the public page', 'Buɗe shafin jama’a', 'apostrophe', "Buɗe shafin jama'a"],
      ['in a few minutes', 'nan da ‘yan mintoci', 'apostrophe', "nan da 'yan mintoci"],
    ];
    for (const [english, before, term, after] of cases) {
      const file = (hausa: string) => ({ file: 'spec', en: { a: english }, translations: { ha: { a: hausa } } });
      expect(catalogueProblems([file(before)]), before).toContainEqual(
        expect.stringMatching(new RegExp(`^ha/spec\\.ts: a renders "${term.replace(/[()]/g, '\\$&')}" otherwise`)),
      );
      expect(catalogueProblems([file(after)]), after).toEqual([]);
    }
  });

  it('go to a PO file and come back unchanged', async () => {
    const files = await loadCatalogues();
    const po = toPo(files, 'ha');
    const back = parsePo(po);
    for (const { en, translations } of files)
      for (const key of Object.keys(en)) expect(back.get(key), key).toBe(translations.ha[key]);
    expect(po).toContain('Plural-Forms: nplurals=2');
  });
});

describe('formatMessage', () => {
  const plural = '{count, plural, one {# campaign} other {# campaigns}} in {state}';

  it('fills placeholders and chooses the plural form by the language rules', () => {
    expect(formatMessage(plural, { count: 1, state: 'Kano' }, 'en-NG')).toBe('1 campaign in Kano');
    expect(formatMessage(plural, { count: 2, state: 'Kano' }, 'en-NG')).toBe('2 campaigns in Kano');
    expect(formatMessage(plural, { count: 1200, state: 'Kano' }, 'en-NG')).toBe('1,200 campaigns in Kano');
    expect(formatMessage('{count, plural, =0 {none} one {# gangami} other {gangamai #}}', { count: 0 }, 'ha-NG')).toBe(
      'none',
    );
    expect(formatMessage('{count, plural, one {gangami #} other {gangamai #}}', { count: 1 }, 'ha-NG')).toBe(
      'gangami 1',
    );
    expect(formatMessage('{count, plural, one {gangami #} other {gangamai #}}', { count: 3 }, 'ha-NG')).toBe(
      'gangamai 3',
    );
  });

  it('leaves an unknown placeholder as written and names the placeholders of a text', () => {
    expect(formatMessage('Hello {who}', {}, 'en-NG')).toBe('Hello {who}');
    expect(placeholdersOf(plural)).toEqual(['count', 'state']);
  });

  it('answers in the language asked for', () => {
    expect(t('campaigns.notFound', undefined, 'ha')).toBe('Ba a sami gangamin ba');
    expect(t('campaigns.notFound', undefined, 'en')).toBe('Campaign not found');
  });
});
