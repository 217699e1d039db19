/**
 * Staff roles and what each may do: the one table both the server (which refuses) and the
 * dashboard (which hides) read. Every signed-in role may read the dashboard.
 */
export const ROLES = ['admin', 'editor', 'finance', 'reviewer', 'translator'] as const;
export type Role = (typeof ROLES)[number];

const EVERYONE = ROLES;

export const PERMISSIONS = {
  /** The dashboard's figures, recent activity, analytics and the settings (read-only). */
  'dashboard.read': EVERYONE,
  'campaigns.read': ['admin', 'editor', 'finance'],
  /** Creating, editing and deleting campaigns, and uploading their images. */
  'campaigns.write': ['admin', 'editor'],
  /** Reading submissions, setting their status, adding notes and exporting them. */
  'submissions.review': ['admin', 'reviewer'],
  /** Deleting a submission for good: an erasure request. */
  'submissions.delete': ['admin'],
  'donations.manage': ['admin', 'finance'],
  'users.manage': ['admin'],
  'settings.write': ['admin'],
  'activity.read': ['admin'],
  /** Downloading a backup: every row of the site, password hashes included. */
  'backups.read': ['admin'],
  /** The mail outbox: messages' bodies hold personal data; sending one again. */
  'outbox.manage': ['admin'],
  /** Writing newsletter editions, testing, sending, scheduling and pausing them. */
  'newsletter.send': ['admin', 'editor'],
  /** Correcting the interface's texts in either language and marking them reviewed. */
  'texts.edit': ['admin', 'translator'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const can = (role: Role, permission: Permission): boolean =>
  (PERMISSIONS[permission] as readonly Role[]).includes(role);
