import { describe, expect, it } from 'vitest';
import { KINDS, kindNamed } from '../../server/submissions/kinds';
import { STATUS_TYPES, SUBMISSION_TYPES } from '../../shared/constants';
import { statusesFor } from '../../shared/schemas/submissions';

describe('submission kinds', () => {
  it('cover every submission type, in the order the admin list answers them', () => {
    expect(Object.keys(KINDS)).toEqual([...SUBMISSION_TYPES]);
  });

  it('have statuses exactly where an admin may set one, the ones the forms share', () => {
    const withStatus = Object.entries(KINDS).filter(([, kind]) => kind.statuses !== null);
    expect(withStatus.map(([name]) => name).sort()).toEqual([...STATUS_TYPES].sort());
    for (const type of STATUS_TYPES) expect(KINDS[type].statuses).toEqual(statusesFor(type));
  });

  it('are only found by their own names', () => {
    expect(kindNamed('volunteer')).toBe(KINDS.volunteer);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'Volunteer', ''])
      expect(kindNamed(name)).toBeUndefined();
  });
});
