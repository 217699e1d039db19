/**
 * GET /api/backup (admins): a backup of the site, streamed as it is written, named with the date,
 * audited. GET /api/backup/latest: the newest of the server's own backups, when they are on.
 */
import { PassThrough } from 'node:stream';
import { z } from 'zod';
import { audit } from '../audit/audit';
import { actorOfRequest, requireStaff } from '../auth/guards';
import type { Deps } from '../deps';
import { BACKUP_STATUS_EXAMPLE } from '../http/api-examples';
import { answer, BEARER, refusals } from '../http/route-docs';
import type { ZodApp } from '../http/zod-schemas';
import { writeBackup } from './dump';
import { backupFileName, engineOf, listBackups } from './scheduled';

const tags = ['backups'];

export const backupStatus = z.object({
  scheduled: z.boolean().describe('Whether the server writes backups itself (BACKUP_DIR is set)'),
  everyHours: z.number(),
  keep: z.number().int(),
  latest: z
    .object({ name: z.string(), bytes: z.number().int(), at: z.string() })
    .nullable()
    .describe('The newest backup in BACKUP_DIR'),
});

export function backupStatusOf(deps: Pick<Deps, 'config'>): z.infer<typeof backupStatus> {
  const { dir, everyHours, keep } = deps.config.backup;
  return { scheduled: dir !== undefined, everyHours, keep, latest: dir ? (listBackups(dir)[0] ?? null) : null };
}

export async function backupRest(app: ZodApp, deps: Deps): Promise<void> {
  const admins = requireStaff(deps, 'backups.read');

  app.get(
    '/api/backup',
    {
      config: { budget: 'staff' },
      onRequest: admins,
      schema: {
        tags,
        operationId: 'downloadBackup',
        summary: 'A backup of the whole site, now',
        description:
          'A gzip-compressed tar: every table as JSON lines (images included), the schema level and a manifest with counts and checksums, read in one consistent snapshot. Restore it with `npm run restore -- <file>`. It holds password hashes: keep it as safe as the database. Audited.',
        security: BEARER,
        produces: ['application/gzip'],
        response: {
          200: {
            description: 'The backup file',
            content: {
              'application/gzip': {
                schema: z.custom<NodeJS.ReadableStream>().meta({ type: 'string', format: 'binary' }),
              },
            },
          },
          ...refusals(401, 403),
        },
      },
    },
    async (req, reply) => {
      const at = deps.now();
      const name = backupFileName(at, false);
      const actor = actorOfRequest(req);
      await audit(deps.db, actor, 'backup.downloaded', name);
      const body = new PassThrough();
      // Written as it is read; a failure midway ends the download short, which restore refuses.
      writeBackup({ db: deps.db, kind: engineOf(deps) }, body, { now: at }).catch((error: unknown) => {
        req.log.error({ err: error }, 'backup download failed');
        body.destroy(error as Error);
      });
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    '/api/backup/latest',
    {
      config: { budget: 'staff' },
      onRequest: admins,
      schema: {
        tags,
        operationId: 'backupStatus',
        summary: "The server's own backups: on or off, and the newest",
        security: BEARER,
        response: {
          200: answer('The status', backupStatus, { example: BACKUP_STATUS_EXAMPLE }),
          ...refusals(401, 403),
        },
      },
    },
    async () => backupStatusOf(deps),
  );
}
