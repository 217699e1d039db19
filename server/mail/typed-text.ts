/**
 * What a mail may repeat of what a stranger typed. A form lets anyone put words in a mail the
 * foundation sends to an address they choose: "Hello WIN ₦500,000 NOW: visit http://evil.example"
 * would arrive signed by the foundation's domain. A name, an organisation or a subject that holds
 * a link, or anything a mail program may turn into one, is left out and the mail says it without:
 * a generic greeting, an unquoted subject. One rule, for every mail that repeats such a text.
 */

// Dots a link can be written with that NFKC does not fold into '.': the ideographic full stops.
const IDEOGRAPHIC_STOPS = /[\u3002\uff61]/g;
// Invisible characters that can split a link from the eye but not from a mail program.
const INVISIBLE = /[\p{Cf}\u00ad]/gu;

const LINK_LIKE: RegExp[] = [
  // A scheme, even a defanged or made-up one: http://, hxxp://, ftp://, mailto:
  /[a-z][a-z0-9+.-]*:\/\//i,
  /\bmailto:/i,
  // www. at the start of a word, as mail programs link it.
  /(?:^|[^\p{L}\p{N}])www\d{0,3}\./iu,
  // An email address.
  /[^\s@]@[^\s@]+\.[^\s@]/,
  // A domain: labels joined by dots, ending in a label of two letters or more (evil.example, bit.ly).
  /(?:^|[^\p{L}\p{N}_-])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,63}(?=$|[^\p{L}\p{N}_-])/u,
  // An address by number.
  /\b\d{1,3}(?:\.\d{1,3}){3}\b/,
];

/** Whether a typed text holds a link, or something a mail program could make one of. */
export function looksLikeLink(text: string): boolean {
  const plain = text.normalize('NFKC').replace(IDEOGRAPHIC_STOPS, '.').replace(INVISIBLE, '');
  return LINK_LIKE.some((pattern) => pattern.test(plain));
}

/** A typed text as a mail may repeat it: trimmed, or '' when empty or link-like (the mail says it without). */
export const repeatable = (text: string | null | undefined): string => {
  const trimmed = text?.trim() ?? '';
  return trimmed && !looksLikeLink(trimmed) ? trimmed : '';
};
