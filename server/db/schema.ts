/** Table types of the database, one place. Columns are snake_case; the wire shape is mapped per entity. */
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A timestamp the database fills in on insert unless given. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface CampaignsTable {
  id: string;
  title: string;
  description: string;
  short_description: Generated<string>;
  overview_main: Generated<string>;
  overview_challenge: Generated<string>;
  overview_solution: Generated<string>;
  overview_impact: Generated<string>;
  image: Generated<string>;
  gallery_images: ColumnType<string[], string | undefined, string>;
  target: number;
  amount_raised: Generated<number>;
  supporters: Generated<number>;
  status: Generated<'active'>;
  location: string;
  category: string | null;
  end_date: ColumnType<string | null, string | null | undefined, string | null>;
  impact: Generated<string>;
  account_name: Generated<string>;
  account_number: Generated<string>;
  bank_name: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignUpdatesTable {
  id: string;
  campaign_id: string;
  position: number;
  date: string;
  content: string;
}

interface Reviewed {
  id: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  registration_date: Timestamp;
  updated_at: Timestamp;
}

export interface VolunteerSubmissionsTable extends Reviewed {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  occupation: string;
  interests: Json<string[]>;
  availability: string;
  experience: string;
  motivation: string;
}

export interface PartnerSubmissionsTable extends Reviewed {
  organization_name: string;
  contact_first_name: string;
  contact_last_name: string;
  email: string;
  phone: string;
  organization_type: string;
  partnership_type: Json<string[]>;
  project_interests: Json<string[]>;
  resource_contribution: string;
  message: string;
}

export interface AdvocateSubmissionsTable extends Reviewed {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  social_media_handles: string;
  advocacy_interests: Json<string[]>;
  experience: string;
  message: string;
}

export interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  status: Generated<'active' | 'unsubscribed'>;
  subscription_date: Timestamp;
  updated_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  created_at: Timestamp;
}

export interface AdminUsersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UploadsTable {
  name: string;
  width: number;
  height: number;
  byte_size: number;
  created_at: Timestamp;
}

export interface UploadVariantsTable {
  upload_name: string;
  /** 0 is the full image; other values are the stored width variants. */
  width: number;
  content_type: string;
  etag: string;
  data: Uint8Array;
}

export interface DataVersionsTable {
  name: string;
  version: number;
}

export interface Database {
  data_versions: DataVersionsTable;
  campaigns: CampaignsTable;
  campaign_updates: CampaignUpdatesTable;
  volunteer_submissions: VolunteerSubmissionsTable;
  partner_submissions: PartnerSubmissionsTable;
  advocate_submissions: AdvocateSubmissionsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  contact_messages: ContactMessagesTable;
  admin_users: AdminUsersTable;
  uploads: UploadsTable;
  upload_variants: UploadVariantsTable;
}

/** A selected row of a table. */
export type Row<T extends keyof Database> = Selectable<Database[T]>;
