import { describe, expect, it } from 'vitest';
import { perFileProgress } from '../../../client/pages/admin/lib/upload';

describe('perFileProgress', () => {
  it('maps the bytes sent onto the files in order', () => {
    expect(perFileProgress([100, 300], 0, 400)).toEqual([0, 0]);
    expect(perFileProgress([100, 300], 50, 400)).toEqual([0.5, 0]);
    expect(perFileProgress([100, 300], 250, 400)).toEqual([1, 0.5]);
    expect(perFileProgress([100, 300], 400, 400)).toEqual([1, 1]);
  });

  it('scales away the multipart overhead so the last file reaches 1', () => {
    expect(perFileProgress([100, 100], 220, 220)).toEqual([1, 1]);
  });
});
