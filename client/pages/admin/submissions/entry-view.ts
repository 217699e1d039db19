/**
 * What the submissions list shows for each type: a heading, the fields that matter at a glance,
 * the whole entry for reading in full, the date and, where the type has one, the status.
 */
import type { StatusType, SubmissionType } from '../../../../shared/constants';
import type { MessageKey } from '../../../../shared/messages';
import type { SubmissionLists } from '../../../../shared/schemas/submissions';

export type Entry<T extends SubmissionType> = SubmissionLists[T][number];
export type AnyEntry = Entry<SubmissionType>;

export interface EntryView {
  id: string;
  heading: string;
  summary: [MessageKey, string][];
  details: [MessageKey, string][];
  date: string | undefined;
  status?: { type: StatusType; value: string };
  /** A word beside the date: a subscription not yet confirmed by its mailed link. */
  badge?: MessageKey;
}

const list = (values: readonly string[] | undefined) => (values ?? []).join(', ');
const name = (first: string, last: string) => `${first} ${last}`.trim();

const VIEWS: { [T in SubmissionType]: (e: Entry<T>) => EntryView } = {
  volunteer: (e) => ({
    id: e._id,
    heading: name(e.firstName, e.lastName),
    summary: [
      ['admin.field.email', e.email],
      ['admin.field.phone', e.phone],
      ['admin.field.availability', e.availability],
      ['admin.field.interests', list(e.interests)],
    ],
    details: [
      ['admin.field.occupation', e.occupation],
      ['admin.field.experience', e.experience],
      ['admin.field.motivation', e.motivation],
    ],
    date: e.registrationDate,
    status: { type: 'volunteer', value: e.status },
  }),
  partner: (e) => ({
    id: e._id,
    heading: e.organizationName,
    summary: [
      ['admin.field.contactPerson', name(e.contactFirstName, e.contactLastName)],
      ['admin.field.email', e.email],
      ['admin.field.phone', e.phone],
      ['admin.field.organizationType', e.organizationType],
      ['admin.field.partnershipType', list(e.partnershipType)],
    ],
    details: [
      ['admin.field.projectInterests', list(e.projectInterests)],
      ['admin.field.resourceContribution', e.resourceContribution],
      ['admin.field.message', e.message],
    ],
    date: e.registrationDate,
    status: { type: 'partner', value: e.status },
  }),
  advocate: (e) => ({
    id: e._id,
    heading: name(e.firstName, e.lastName),
    summary: [
      ['admin.field.email', e.email],
      ['admin.field.phone', e.phone],
      ['admin.field.advocacyInterests', list(e.advocacyInterests)],
    ],
    details: [
      ['admin.field.city', e.city],
      ['admin.field.state', e.state],
      ['admin.field.socialMedia', e.socialMediaHandles],
      ['admin.field.experience', e.experience],
      ['admin.field.message', e.message],
    ],
    date: e.registrationDate,
    status: { type: 'advocate', value: e.status },
  }),
  newsletter: (e) => ({
    id: e._id,
    heading: e.email,
    summary: [],
    details: [],
    date: e.subscriptionDate,
    // The spec's default when a subscription carries no status.
    status: { type: 'newsletter', value: e.status || 'active' },
    ...(e.confirmed === false && { badge: 'newsletter.awaiting' as const }),
  }),
  contact: (e) => ({
    id: e._id,
    heading: e.name,
    summary: [
      ['admin.field.email', e.email],
      ['admin.field.phone', e.phone],
      ['admin.field.subject', e.subject],
    ],
    details: [['admin.field.message', e.message]],
    date: e.createdAt,
  }),
};

export function entryView<T extends SubmissionType>(type: T, entry: Entry<T>): EntryView {
  return VIEWS[type](entry);
}
