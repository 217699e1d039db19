/**
 * npm run bench:backup: the time and size of a backup, and of its restore, for a site with 1,000
 * campaigns with images (each a photo and its phone-width variants) and 100,000 submissions, on
 * PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on PostgreSQL. BENCH_CAMPAIGNS
 * and BENCH_SUBMISSIONS change the figures. Prints one table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { writeBackup } from '../../server/backup/dump';
import { restoreBackup } from '../../server/backup/load';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrator';
import { scratchDatabase } from '../helpers/databases';

const CAMPAIGNS = Number(process.env.BENCH_CAMPAIGNS ?? 1_000);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const KINDS = [
  'volunteer_submissions',
  'partner_submissions',
  'advocate_submissions',
  'contact_messages',
  'newsletter_subscriptions',
];

/** A photo that compresses like a photo: noise over a gradient, as JPEG and WebP variants. */
async function photoVariants(): Promise<{ width: number; type: string; data: Buffer }[]> {
  const raw = Buffer.alloc(1024 * 640 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i % 251) ^ Math.floor(Math.random() * 12);
  const base = sharp(raw, { raw: { width: 1024, height: 640, channels: 3 } });
  return Promise.all(
    [0, 640, 320].map(async (width) => ({
      width,
      type: 'image/webp',
      data: await (width ? base.clone().resize(width) : base.clone()).webp({ quality: 75 }).toBuffer(),
    })),
  );
}

async function fill(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle.db);
  const db = handle.db;
  const variants = await photoVariants();
  await sql`insert into campaigns (id, title, description, target, location, image, created_at, updated_at)
    select gen_random_uuid(), 'Campaign ' || n, repeat('Boreholes and classrooms for the ward. ', 20), 5000000, 'Kano',
           '/api/uploads/img-' || n || '.webp', now(), now()
      from generate_series(1, ${CAMPAIGNS}::int) as n`.execute(db);
  for (let start = 1; start <= CAMPAIGNS; start += 100) {
    const end = Math.min(CAMPAIGNS, start + 99);
    await sql`insert into uploads (name, width, height, byte_size)
      select 'img-' || n || '.webp', 1024, 640, ${variants[0]!.data.length} from generate_series(${start}::int, ${end}::int) n`.execute(
      db,
    );
    for (const v of variants) {
      await sql`insert into upload_variants (upload_name, width, content_type, etag, data)
        select 'img-' || n || '.webp', ${v.width}, ${v.type}, md5(n::text), ${v.data} from generate_series(${start}::int, ${end}::int) n`.execute(
        db,
      );
    }
  }
  const each = Math.floor(SUBMISSIONS / KINDS.length);
  const person = (table: string) =>
    table === 'contact_messages'
      ? sql`insert into contact_messages (id, name, email, phone, subject, message)
          select gen_random_uuid(), 'Ɗanjuma ' || n, 'p' || n || '@example.org', '+234 803 000 0000', 'Borehole', 'The pump stopped in our ward.' from generate_series(1, ${each}::int) n`
      : table === 'newsletter_subscriptions'
        ? sql`insert into newsletter_subscriptions (id, email) select gen_random_uuid(), 'n' || n || '@example.org' from generate_series(1, ${each}::int) n`
        : table === 'partner_submissions'
          ? sql`insert into partner_submissions (id, organization_name, contact_first_name, contact_last_name, email, phone, organization_type, partnership_type, project_interests, resource_contribution, message)
              select gen_random_uuid(), 'Org ' || n, 'Amina', 'Bello', 'o' || n || '@example.org', '+234 803 000 0000', 'NGO', '["Funding"]', '["Water"]', 'Funding', 'We would like to help.' from generate_series(1, ${each}::int) n`
          : table === 'advocate_submissions'
            ? sql`insert into advocate_submissions (id, first_name, last_name, email, phone, city, state, social_media_handles, advocacy_interests, experience, message)
                select gen_random_uuid(), 'Hauwa', 'Sani ' || n, 'a' || n || '@example.org', '+234 803 000 0000', 'Kano', 'Kano', '@hauwa', '["Education"]', 'Some', 'Count me in.' from generate_series(1, ${each}::int) n`
            : sql`insert into volunteer_submissions (id, first_name, last_name, email, phone, occupation, interests, availability, experience, motivation)
                select gen_random_uuid(), 'Musa', 'Abubakar ' || n, 'v' || n || '@example.org', '+234 803 000 0000', 'Teacher', '["Teaching"]', 'Weekends', 'Two years', 'To help my community.' from generate_series(1, ${each}::int) n`;
  for (const table of KINDS) await person(table).execute(db);
}

async function measure(
  name: string,
  open: () => Promise<{ source: DatabaseHandle; target: DatabaseHandle; done: () => Promise<void> }>,
) {
  const { source, target, done } = await open();
  try {
    await fill(source);
    const file = path.join(os.tmpdir(), `bench-backup-${process.pid}-${name}.tar.gz`);
    let started = performance.now();
    const result = await writeBackup(source, fs.createWriteStream(file));
    const backupSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    await restoreBackup(target, fs.createReadStream(file));
    const restoreSeconds = (performance.now() - started) / 1000;
    const rows = result.manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    fs.rmSync(file, { force: true });
    return { name, rows, megabytes: result.bytes / 1024 / 1024, backupSeconds, restoreSeconds };
  } finally {
    await done();
  }
}

const results = [
  await measure('PGlite', async () => {
    const dirs = [
      fs.mkdtempSync(path.join(os.tmpdir(), 'bench-a-')),
      fs.mkdtempSync(path.join(os.tmpdir(), 'bench-b-')),
    ];
    const [source, target] = await Promise.all(dirs.map((d) => openPglite(d)));
    return {
      source: source!,
      target: target!,
      done: async () => {
        await source!.close();
        await target!.close();
        for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
      },
    };
  }),
];
if (process.env.BENCH_DATABASE_URL) {
  results.push(
    await measure('PostgreSQL', async () => {
      const [a, b] = await Promise.all([
        scratchDatabase(process.env.BENCH_DATABASE_URL!, 'bench'),
        scratchDatabase(process.env.BENCH_DATABASE_URL!, 'bench'),
      ]);
      const source = openPostgres(a.url);
      const target = openPostgres(b.url);
      return {
        source,
        target,
        done: async () => {
          await source.close();
          await target.close();
          await a.drop();
          await b.drop();
        },
      };
    }),
  );
}

console.log(`\n${CAMPAIGNS} campaigns with images, ${SUBMISSIONS} submissions\n`);
console.log('| Engine | Rows | Backup size | Backup time | Restore time |');
console.log('|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.name} | ${r.rows} | ${r.megabytes.toFixed(1)} MB | ${r.backupSeconds.toFixed(1)} s | ${r.restoreSeconds.toFixed(1)} s |`,
  );
}
