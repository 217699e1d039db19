/**
 * Payment references and the matcher's reading of names: the check character catches every
 * single substitution and neighbour swap (property tests), and narrations are read as donors
 * type them: any case, spaces and dashes inside, look-alike characters, glued to other text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nameIsLike } from '../../server/giving/matcher';
import {
  findReferences,
  formatReference,
  isValidReference,
  newReference,
  normaliseReference,
  REFERENCE_ALPHABET,
  REFERENCE_LENGTH,
} from '../../server/giving/reference';

/** Any valid reference: seven characters of the alphabet completed by a fresh reference's rule. */
const body = fc.array(fc.constantFrom(...REFERENCE_ALPHABET), { minLength: 7, maxLength: 7 }).map((c) => c.join(''));
const reference = body.map((b) => [...REFERENCE_ALPHABET].map((c) => b + c).find(isValidReference)!);

describe('payment references', () => {
  it('are 8 characters of the alphabet, valid, and do not repeat', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const code = newReference();
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
      expect(isValidReference(code)).toBe(true);
      seen.add(code);
    }
    expect(seen.size).toBe(10_000);
    expect(REFERENCE_LENGTH).toBeLessThanOrEqual(10);
    expect(REFERENCE_ALPHABET).not.toMatch(/[0O1IL]/);
  });

  it('has exactly one check character for every body', () => {
    fc.assert(fc.property(body, (b) => [...REFERENCE_ALPHABET].filter((c) => isValidReference(b + c)).length === 1));
  });

  it('catches every single substitution', () => {
    fc.assert(
      fc.property(reference, fc.nat(7), fc.constantFrom(...REFERENCE_ALPHABET), (code, at, other) => {
        fc.pre(code[at] !== other);
        return !isValidReference(code.slice(0, at) + other + code.slice(at + 1));
      }),
    );
  });

  it('catches every swap of two different neighbours', () => {
    fc.assert(
      fc.property(reference, fc.nat(6), (code, at) => {
        fc.pre(code[at] !== code[at + 1]);
        return !isValidReference(code.slice(0, at) + code[at + 1] + code[at] + code.slice(at + 2));
      }),
    );
  });

  it('reads what a donor typed: case, spaces, dashes', () => {
    fc.assert(
      fc.property(reference, fc.nat(7), fc.constantFrom(' ', '-', ' - ', '.'), (code, at, gap) => {
        const typed = (code.slice(0, at) + gap + code.slice(at)).toLowerCase();
        return normaliseReference(typed) === code;
      }),
    );
  });

  it('resolves look-alikes only when one reading passes the check', () => {
    fc.assert(
      fc.property(reference, (code) => {
        const withD = code.indexOf('D');
        if (withD === -1) return true;
        const typed = `${code.slice(0, withD)}0${code.slice(withD + 1)}`;
        const read = normaliseReference(typed);
        // 0 may be D or Q: at most one of them passes, unless the check cannot tell them apart.
        return read === null || read === code || isValidReference(read);
      }),
    );
    const code = 'DDDDDDD';
    const full = [...REFERENCE_ALPHABET].map((c) => code + c).find(isValidReference)!;
    expect(normaliseReference(full.replace('D', 'O'))).toBe(full);
  });

  it('refuses what is not a reference', () => {
    for (const input of ['', 'ABCDEFG', 'ABCDEFGHJ', 'ABCD EFGH JK', '%00', 'x'.repeat(100), '<script>']) {
      expect(normaliseReference(input), input).toBeNull();
    }
    const code = newReference();
    const wrong = code.slice(0, 7) + [...REFERENCE_ALPHABET].find((c) => c !== code[7])!;
    expect(normaliseReference(wrong)).toBeNull();
  });

  it('formats in two groups', () => {
    expect(formatReference('GK7M2QXP')).toBe('GK7M 2QXP');
  });
});

describe('references in narrations', () => {
  const words = fc.array(
    fc.constantFrom(
      'TRF',
      'FROM',
      'NIP',
      'AMINA',
      'BELLO',
      'MOBILE',
      'TO',
      'AREWA',
      'FDN',
      'GTB',
      '2026',
      'REF',
      'KANO',
    ),
    { maxLength: 8 },
  );

  it('finds a reference among words, in any case, split by a space or dash', () => {
    fc.assert(
      fc.property(
        words,
        words,
        reference,
        fc.nat(7),
        fc.constantFrom('', ' ', '-'),
        fc.boolean(),
        (before, after, code, at, gap, lower) => {
          let typed = code.slice(0, at) + gap + code.slice(at);
          if (lower) typed = typed.toLowerCase();
          return findReferences([...before, typed, ...after].join(' ')).includes(code);
        },
      ),
    );
  });

  it('finds a reference glued to other text, and several references in order', () => {
    const [a, b] = [newReference(), newReference()];
    // Letters only or with digits, glued on both sides.
    const lettersOnly = [...REFERENCE_ALPHABET.slice(0, 23)].map((c) => `QKTPUKT${c}`).find(isValidReference);
    for (const code of [a, ...(lettersOnly ? [lettersOnly] : []), ...Array.from({ length: 50 }, newReference)]) {
      expect(findReferences(`TRF${code}FRM`), code).toContain(code);
    }
    const found = findReferences(`PAYMENT ${a} AND ${b.slice(0, 4)}-${b.slice(4)}`);
    expect(found.indexOf(a)).toBeLessThan(found.indexOf(b));
    expect(found).toEqual(expect.arrayContaining([a, b]));
  });

  it('finds none in plain narrations', () => {
    for (const narration of ['SMS ALERT CHARGES', 'STAMP DUTY', 'TRF TO OPERATIONS ACCOUNT', '']) {
      expect(findReferences(narration)).toEqual([]);
    }
  });
});

describe('names in narrations', () => {
  it.each([
    ['Musa Abubakar', 'NIP TRANSFER FROM MUSA ABUBAKR', true],
    ['Amina Bello', 'TRF FRM BELLO AMINA', true],
    ['Ɗanladi Sani', 'MOBILE TRF DANLADI', true],
    ['Zainab Umar', 'TRF FROM KABIRU MUSA', false],
    ['Al', 'TRF FROM AL', false],
  ])('%s in %s: %s', (name, narration, like) => {
    expect(nameIsLike(name, narration)).toBe(like);
  });
});
