/**
 * The site's colours (client/styles/tokens.css), written out: mail programs know no variables,
 * and the PDF receipt (server/giving/receipt-pdf.ts) draws with them in a worker thread that
 * loads nothing of the mail templates.
 */
export const COLORS = {
  green: '#011513',
  green700: '#0b3b34',
  green100: '#e6f0ee',
  yellow: '#ffd02f',
  text: '#14201e',
  muted: '#4d5b58',
  border: '#d9dfdd',
  bg: '#fbfaf6',
} as const;
