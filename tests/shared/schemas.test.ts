/** Spot checks of the shared schemas the forms and the server both use. */
import { describe, expect, it } from 'vitest';
import { campaignInput } from '../../shared/schemas/campaign';
import { errorsByField, validationMessage } from '../../shared/schemas/fields';
import { volunteerInput } from '../../shared/schemas/submissions';
import { campaignPayload, volunteerPayload } from '../helpers/fixtures';

const failure = (result: { success: boolean; error?: { issues: Parameters<typeof validationMessage>[0] } }) => {
  expect(result.success).toBe(false);
  const issues = result.error!.issues;
  return { message: validationMessage(issues), fields: errorsByField(issues) };
};

describe('volunteerInput', () => {
  it('accepts a full form and normalizes it', () => {
    const parsed = volunteerInput.parse(
      volunteerPayload({ email: ' Ada@Example.ORG ', firstName: '  Ada ', interests: ['Fundraising', 'Fundraising'] }),
    );
    expect(parsed).toMatchObject({ email: 'ada@example.org', firstName: 'Ada', interests: ['Fundraising'] });
  });

  it('turns missing optional fields into empty text', () => {
    const { occupation: _o, experience: _e, ...rest } = volunteerPayload();
    expect(volunteerInput.parse(rest)).toMatchObject({ occupation: '', experience: '' });
  });

  it('sums up missing fields and keeps the field messages', () => {
    const { message, fields } = failure(
      volunteerInput.safeParse({ ...volunteerPayload(), firstName: '', interests: [] }),
    );
    expect(message).toBe('Please fill in all required fields');
    expect(fields).toMatchObject({
      firstName: 'This field is required',
      interests: 'Please choose at least one option',
    });
  });

  it('answers the field message when nothing is missing', () => {
    expect(failure(volunteerInput.safeParse(volunteerPayload({ firstName: 'a'.repeat(101) }))).message).toBe(
      'Must be at most 100 characters',
    );
    expect(failure(volunteerInput.safeParse(volunteerPayload({ email: 'nope' }))).message).toBe(
      'Please enter a valid email address',
    );
  });
});

describe('campaignInput', () => {
  it('coerces amounts and fills defaults', () => {
    const parsed = campaignInput.parse({
      title: 'T',
      description: 'D',
      target: '2,500,000',
      location: 'Kano',
      image: 'uploads/x.webp',
    });
    expect(parsed).toMatchObject({
      target: 2_500_000,
      supporters: 0,
      status: 'active',
      galleryImages: [],
      updates: [],
      category: null,
      endDate: null,
    });
    // Not given: a new campaign stores 0, an update leaves the total (server/giving/gifts.ts).
    expect(parsed.amountRaised).toBeUndefined();
    for (const blank of ['', ' ', null])
      expect(campaignInput.parse({ ...parsed, amountRaised: blank }).amountRaised).toBeUndefined();
    expect(campaignInput.parse({ ...parsed, amountRaised: '0' }).amountRaised).toBe(0);
  });

  it('names every missing required field in the spec order', () => {
    expect(failure(campaignInput.safeParse({})).message).toBe(
      'Please fill in all required fields: title, description, target, location, image',
    );
  });

  it('keeps the summary next to errors that stop zod early (fractions, gallery size)', () => {
    const { message, fields } = failure(
      campaignInput.safeParse({
        ...campaignPayload({ target: 1.5, galleryImages: Array(9).fill('uploads/a.webp') }),
        title: '',
      }),
    );
    expect(message).toBe('Please fill in all required fields: title');
    expect(fields).toMatchObject({
      target: 'Must be a whole number of naira, zero or more',
      galleryImages: 'A campaign can have at most 8 gallery images',
    });
  });

  it('gives choice and date errors their own messages', () => {
    expect(failure(campaignInput.safeParse(campaignPayload({ category: 'Sports' as never }))).fields.category).toBe(
      'Please choose one of the listed options',
    );
    expect(failure(campaignInput.safeParse(campaignPayload({ endDate: 'soon' }))).fields.endDate).toBe(
      'Please enter a valid date',
    );
  });

  it('accepts exactly 8 gallery images and the largest amount', () => {
    expect(
      campaignInput.safeParse(
        campaignPayload({ galleryImages: Array(8).fill('uploads/a.webp'), target: 1_000_000_000_000 }),
      ).success,
    ).toBe(true);
  });
});
