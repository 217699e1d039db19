/**
 * Payment references: what a donor types into their bank app's narration so the transfer finds
 * its pledge. Eight characters from an alphabet without the look-alikes 0/O and 1/I/L: seven
 * random, then a check character, so a typo is caught instead of matching someone else's pledge.
 *
 * The check: with v(c) a character's index in the alphabet (31 symbols, a prime) and weights
 * 1..8 by position, the check character makes Σ w·v ≡ 0 (mod 31). Distinct non-zero weights mod a
 * prime catch every single substitution and every swap of two neighbouring characters.
 */
import { randomInt } from 'node:crypto';

export const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERENCE_LENGTH = 8;
const MODULUS = REFERENCE_ALPHABET.length;
const VALID = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/**
 * What a donor may type for a character the alphabet leaves out: 0 and O read as D or Q, 1, I
 * and L as J, T or 7. A reading with look-alikes counts only when exactly one resolution passes
 * the check; at most two look-alikes per reading keep the work small.
 */
const LOOK_ALIKES: Record<string, string[]> = {
  '0': ['D', 'Q'],
  O: ['D', 'Q'],
  '1': ['J', 'T', '7'],
  I: ['J', 'T', '7'],
  L: ['J', 'T', '7'],
};
const MAX_LOOK_ALIKES = 2;
/** Longer runs of letters and digits are not searched inside (they are not remarks). */
const MAX_GLUED = 64;

const weightedSum = (code: string) =>
  [...code].reduce((sum, c, i) => sum + (i + 1) * REFERENCE_ALPHABET.indexOf(c), 0) % MODULUS;

/** The check character that completes a 7-character body. */
function checkCharacter(body: string): string {
  const sum = weightedSum(body);
  // Find c with sum + 8·c ≡ 0: 8's inverse mod 31 is 4 (8·4 = 32 ≡ 1).
  const value = (((MODULUS - sum) % MODULUS) * 4) % MODULUS;
  return REFERENCE_ALPHABET[value]!;
}

export function newReference(): string {
  let body = '';
  for (let i = 0; i < REFERENCE_LENGTH - 1; i++) body += REFERENCE_ALPHABET[randomInt(MODULUS)];
  return body + checkCharacter(body);
}

export const isValidReference = (code: string): boolean => VALID.test(code) && weightedSum(code) === 0;

/** Every reading of a candidate of 8 characters (alphabet or look-alikes) that passes the check. */
function resolutions(candidate: string): string[] {
  const looks = [...candidate].filter((c) => c in LOOK_ALIKES).length;
  if (looks > MAX_LOOK_ALIKES) return [];
  let readings = [''];
  for (const c of candidate) {
    const options = LOOK_ALIKES[c] ?? [c];
    readings = readings.flatMap((prefix) => options.map((o) => prefix + o));
  }
  return readings.filter(isValidReference);
}

/** A candidate's one valid reading, or null (none, or ambiguous). */
function resolve(candidate: string): string | null {
  if (candidate.length !== REFERENCE_LENGTH || !/^[A-Z0-9]+$/.test(candidate)) return null;
  const valid = resolutions(candidate);
  return valid.length === 1 ? valid[0]! : null;
}

/** A reference as a donor or a link gave it, canonical; null unless it is a valid reference. */
export function normaliseReference(input: string): string | null {
  if (input.length > 40) return null;
  const compact = input.toUpperCase().replace(/[\s\-./_]/g, '');
  return resolve(compact);
}

/** Letters and digits runs of a narration, upper-cased. */
const tokensOf = (narration: string) =>
  narration
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);

/**
 * Every valid reference in a bank narration, in order of appearance. Candidates are whole tokens,
 * or runs of neighbouring tokens, of exactly 8 characters (a donor may have typed "gk7m 2qxp" or
 * "GK7-M2Q-XP"), and 8-character windows inside a longer token (bank apps glue the remark onto
 * other text: "TRFGK7M2QXPFRM"), up to MAX_GLUED characters. About one random window in 31 passes
 * the check, so callers keep only references that name a pledge: with 31^7 possible references, a
 * false reading that names a real pledge is vanishingly rare.
 */
export function findReferences(narration: string): string[] {
  const tokens = tokensOf(narration.slice(0, 2000));
  const found: string[] = [];
  const add = (candidate: string) => {
    const reference = resolve(candidate);
    if (reference && !found.includes(reference)) found.push(reference);
  };
  for (let start = 0; start < tokens.length; start++) {
    let joined = '';
    for (let end = start; end < tokens.length && joined.length < REFERENCE_LENGTH; end++) {
      joined += tokens[end];
      if (joined.length === REFERENCE_LENGTH) add(joined);
    }
    const token = tokens[start]!;
    if (token.length > REFERENCE_LENGTH && token.length <= MAX_GLUED) {
      for (let i = 0; i + REFERENCE_LENGTH <= token.length; i++) add(token.slice(i, i + REFERENCE_LENGTH));
    }
  }
  return found;
}

/** For display: two groups of four, "GK7M 2QXP". */
export const formatReference = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;
