/**
 * The glossary's binding renderings: an English term, where a message's English has it, must be
 * rendered this one way in Hausa. Read by the catalogue check (`npm run i18n:check`) and by the
 * Texts screen when staff save a text, so a correction cannot bring a second rendering back.
 * The full glossary, with sources, is in docs/translation.md.
 */
export interface GlossaryTerm {
  /**
   * The English term, as a whole-word, case-insensitive pattern. None: a spelling, whose
   * `instead` is refused in any Hausa text whatever the English says.
   */
  english?: RegExp;
  /** What the term reads as in the glossary (shown in a refusal). */
  term: string;
  /** The required Hausa rendering (case-insensitive). */
  hausa: string;
  /** Other forms of the rendering that also keep it, such as a plural (case-insensitive). */
  forms?: readonly string[];
  /** Renderings the glossary replaced, refused in any Hausa text (case-insensitive). */
  instead?: readonly string[];
}

/**
 * Where Hausa inflects a word (gangami, gangamin, gangamai), the rendering is the stem all its
 * forms share. The English patterns skip placeholders (`{campaign}` is a name, not the word).
 */
export const GLOSSARY: readonly GlossaryTerm[] = [
  { english: /(?<!\{)\bcampaigns?\b/i, term: 'campaign', hausa: 'ganga', instead: ['kamfen'] },
  { english: /\bpledg(?:e|es|ed)\b/i, term: 'pledge', hausa: 'alƙaw' },
  { english: /\bdonations?\b/i, term: 'donation', hausa: 'gudummawa' },
  { english: /\bgifts?\b/i, term: 'gift', hausa: 'gudummawa' },
  { english: /\bnewsletters?\b/i, term: 'newsletter', hausa: 'wasiƙ' },
  { english: /\bgaller(?:y|ies)\b/i, term: 'gallery', hausa: 'hotuna', instead: ['ɗakin hotuna'] },
  { english: /^activity$|\bactivity log\b/i, term: 'activity log', hausa: 'tarihin ayyuka' },
  { english: /\bhome ?page\b/i, term: 'home page', hausa: 'shafin farko', instead: ['shafin gida'] },
  {
    english: /\bstatements?\b/i,
    term: 'bank statement',
    hausa: 'bayanan banki',
    instead: ['takardar banki', 'bayanin asusun banki'],
  },
  // The staff's note on a submission; "a “not yet in Hausa” note" and the like are other words.
  { english: /^notes?$|\b(?:add(?:ed)?|the|no) (?:a )?notes?\b|\bnote added\b/i, term: 'note', hausa: 'tsokaci' },
  { english: /[\d#}]\s+hours\b/i, term: 'hours', hausa: 'awanni', instead: ['awowi'] },
  { english: /\bpassword\b/i, term: 'password', hausa: 'kalmar sirri' },
  { english: /\breceipts?\b/i, term: 'receipt', hausa: 'rasiti' },
  { english: /\bvolunteer/i, term: 'volunteer', hausa: 'sa-kai' },
  { english: /\badvocates?\b/i, term: 'advocate', hausa: 'fafutuka' },
  { english: /\bsupporters?\b/i, term: 'supporter', hausa: 'tallafi', instead: ['bangon masu tallafi'] },
  { english: /\bpayment references?\b/i, term: 'payment reference', hausa: 'lambar shaida' },
  { english: /\bbank transfer\b/i, term: 'bank transfer', hausa: 'tura kuɗi' },
  { english: /\bsettings\b/i, term: 'settings', hausa: 'saituna' },
  { english: /\bdashboard\b/i, term: 'dashboard', hausa: 'dashbod' },
  // A web link is a mahaɗi (mahaɗin, mahaɗan); "hanya" is a way or a road, and stays one.
  { english: /(?<!\{)\blinks?\b/i, term: 'link', hausa: 'mahaɗ' },
  { english: /\bdelet(?:e|es|ed|ing)\b/i, term: 'delete', hausa: 'goge', instead: ['share'] },
  // The newsletter is free: its readers are registered, not paying ("biyan kuɗin shiga").
  {
    english: /\bsubscribers?\b/i,
    term: 'subscriber',
    hausa: 'mai rajista',
    forms: ['masu rajista'],
    instead: ['biyan kuɗin shiga'],
  },
  {
    english: /\bunsubscrib(?:e|ed|es|ing)\b/i,
    term: 'unsubscribe',
    hausa: 'cire suna',
    instead: ['daina karɓa', 'janye rajista'],
  },
  // A mail's subject; "take" is a title (a page's, a campaign's).
  { english: /(?<!\{)\bsubject\b/i, term: 'subject (of a mail)', hausa: "maudu'i" },
  { english: /\bLagos time\b/i, term: 'Lagos time', hausa: 'agogon Legas', instead: ['lokacin Legas'] },
  // The glottal stop and the glottalised y are written with the plain apostrophe: jama'a, 'yan.
  { term: 'apostrophe', hausa: "'", instead: ['\u2019', '\u2018'] },
];

/**
 * The glossary terms a Hausa text renders another way than the glossary's: missing where the
 * English has the term, or written in a rendering the glossary replaced, wherever it appears.
 */
export function glossaryMisses(english: string, hausa: string): GlossaryTerm[] {
  const text = hausa.toLowerCase();
  return GLOSSARY.filter(
    (entry) =>
      (entry.english?.test(english) &&
        ![entry.hausa, ...(entry.forms ?? [])].some((form) => text.includes(form.toLowerCase()))) ||
      entry.instead?.some((other) => text.includes(other.toLowerCase())),
  );
}
