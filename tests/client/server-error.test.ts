import { describe, expect, it } from 'vitest';
import { campaignErrorMessage, HttpError, serverMessage } from '../../client/lib/server-error';

describe('messages of failed admin calls', () => {
  it("shows the server's message when it gave one", () => {
    expect(campaignErrorMessage(new HttpError(400, 'Campaign not found'), 'Failed to update campaign...')).toBe(
      'Campaign not found',
    );
  });

  it("says 'HTTP error! status: {code}' when the server answered without a message", () => {
    expect(campaignErrorMessage(new HttpError(502, ''), 'Failed to update campaign...')).toBe(
      'HTTP error! status: 502',
    );
  });

  it('falls back to the wrapped message when no answer came', () => {
    expect(campaignErrorMessage(new TypeError('Failed to fetch'), 'Failed to delete campaign...')).toBe(
      'Failed to delete campaign...',
    );
    expect(serverMessage(new HttpError(0, 'network'), 'Failed to upload image. Please try again.')).toBe(
      'Failed to upload image. Please try again.',
    );
  });
});
