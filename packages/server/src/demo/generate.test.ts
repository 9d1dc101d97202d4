import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { canSignIn, foldText } from '@portal/contract';
import { buildApp } from '../app';
import { TEST_ARGON2 } from '../auth/password';
import { defaultConfig } from '../config';
import type { Database } from '../db/schema';
import { localFileStorage } from '../storage/files';
import { createTestDb, type TestDb } from '../testing/testDb';
import { DEMO_ACCOUNTS, DEMO_STORE_CODES } from './accounts';
import { generateDemo, type GenerateSummary } from './generate';
import { ALARM_TYPES, CIRCULATION_STATUSES } from './generateAlarms';
import { addDays, localClock } from './generateCalendar';
import { DEMO_PROFILE, profileFromEnv, profileWith, SMALL_PROFILE } from './generateProfile';
import { SIP_STATUSES, SIP_TYPES } from './generateSelfService';

// A short history and small catalogues keep the test fast; the shape of the data is the same.
const profile = profileWith({ days: 8, catalogueScale: 0.02 });
/** Today (real date) at 11:00 UTC: every library that opens today is open at this time. */
const now = new Date();
now.setUTCHours(11, 0, 0, 0);
const today = localClock('Europe/Madrid', now).day;

/** sha256 of a query's rows in order. */
async function checksum(db: Kysely<Database>, query: string): Promise<string> {
  const { rows } = await sql.raw<Record<string, unknown>>(query).execute(db);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

const CHECKED_TABLES = {
  stores:
    'select code, area, province, city, name, timezone, expiration_date, field_code, field_object_id, field1, field2, field3, field4, field5, field6, created_at from stores order by id',
  catalogue_items: 'select catalogue_id, code, object_id, field1, field2, field3, field4, field5, field6, search_text from catalogue_items order by id',
  inventory_items: 'select inventory_id, group_id, code, object_id, date, search_list_id, search_text from inventory_items order by id',
  records: 'select sensor_id, date, count_in, count_out from records order by id',
  alarms: 'select id, store_id, sensor_name, date, type, uid, barcode, circulation_status, alarm_activated from alarms order by id',
  sip_operations: 'select id, origin, type, status, patron_identifier, item_identifier, transaction_date, due_date, error from sip_operations order by id',
  item_events: 'select store_id, code, date, type, inventory_id, details from item_events order by id',
};

async function checksums(db: Kysely<Database>): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [table, query] of Object.entries(CHECKED_TABLES)) result[table] = await checksum(db, query);
  return result;
}

let first: TestDb;
let second: TestDb;
let summary: GenerateSummary;

beforeAll(async () => {
  first = await createTestDb();
  second = await createTestDb();
  summary = await generateDemo(first.db, { argon2: TEST_ARGON2, now, profile, storage: localFileStorage(path.join(first.dir, 'files')) });
  await generateDemo(second.db, { argon2: TEST_ARGON2, now, profile });
}, 120_000);
afterAll(async () => {
  await first?.destroy();
  await second?.destroy();
});

const count = async (db: Kysely<Database>, query: string) => Number((await sql.raw<{ n: number }>(query).execute(db)).rows[0].n);
const values = async (db: Kysely<Database>, query: string) => (await sql.raw<{ v: string | number }>(query).execute(db)).rows.map((r) => String(r.v)).sort();

describe('generateDemo', () => {
  it('has a small first-start profile on request', async () => {
    expect(profileFromEnv({})).toBe(DEMO_PROFILE);
    expect(profileFromEnv({ PORTAL_DEMO_PROFILE: 'small' })).toBe(SMALL_PROFILE);
    expect(SMALL_PROFILE.days).toBeLessThan(DEMO_PROFILE.days);
  });

  it('gives identical data on two runs with the same date and time', async () => {
    const [a, b] = [await checksums(first.db), await checksums(second.db)];
    expect(b).toEqual(a);
    expect(summary.counts.records).toBeGreaterThan(1000);
    // (Pictures depend on the storage, given to the first run only.)
    for (const table of Object.keys(summary.counts).filter((t) => t !== 'images')) {
      const [n1, n2] = [await count(first.db, `select count(*) as n from ${table}`), await count(second.db, `select count(*) as n from ${table}`)];
      expect([table, n2]).toEqual([table, n1]);
    }
  });

  it('changes only the time series of today when run later the same day', async () => {
    const later = await createTestDb();
    try {
      const laterNow = new Date(now.getTime() + 2 * 3600_000);
      await generateDemo(later.db, { argon2: TEST_ARGON2, now: laterNow, profile });
      const [a, b] = [await checksums(first.db), await checksums(later.db)];
      for (const table of ['stores', 'catalogue_items', 'inventory_items'] as const) expect([table, b[table]]).toEqual([table, a[table]]);
      const beforeToday = `select sensor_id, date, count_in, count_out from records where date < '${addDays(today, -1)}' order by id`;
      expect(await checksum(later.db, beforeToday)).toBe(await checksum(first.db, beforeToday));
      expect(await count(later.db, 'select count(*) as n from records')).toBeGreaterThan(summary.counts.records);
    } finally {
      await later.destroy();
    }
  }, 60_000);

  it('creates every alarm type, both alarm states and every circulation status', async () => {
    expect(await values(first.db, 'select distinct type as v from alarms')).toEqual([...ALARM_TYPES].sort());
    expect(await values(first.db, 'select distinct alarm_activated as v from alarms')).toEqual(['0', '1']);
    expect(await values(first.db, 'select distinct circulation_status as v from alarms')).toEqual([...CIRCULATION_STATUSES]);
  });

  it('creates every SIP type with every status, and every self-check type', async () => {
    const pairs = await values(first.db, "select distinct type || '/' || status as v from sip_operations");
    expect(pairs).toEqual(SIP_TYPES.flatMap((t) => SIP_STATUSES.map((s) => `${t}/${s}`)).sort());
    expect(await values(first.db, 'select distinct offline as v from sip_operations')).toEqual(['0', '1']);
    expect(await values(first.db, 'select distinct type as v from selfcheck_operations')).toEqual(['CHECKIN', 'CHECKOUT', 'RENEW']);
    expect(await count(first.db, 'select count(distinct origin) as n from selfcheck_operations')).toBeGreaterThan(2);
    expect(await count(first.db, 'select count(distinct label) as n from selfcheck_operations')).toBeGreaterThan(2);
  });

  it('has counter records and self-check operations today, with people inside now', async () => {
    expect(await count(first.db, `select count(*) as n from records where date >= '${today}'`)).toBeGreaterThan(0);
    expect(await count(first.db, `select count(*) as n from selfcheck_operations where date >= '${today}'`)).toBeGreaterThan(0);
    expect(await count(first.db, `select coalesce(sum(count_in - count_out), 0) as n from records where date >= '${today}'`)).toBeGreaterThan(0);
    // Nothing after the current time at any library.
    const stores = await first.db.selectFrom('stores').select(['id', 'timezone']).execute();
    for (const s of stores) {
      const local = localClock(s.timezone, now).dateTime;
      expect(await count(first.db, `select count(*) as n from records where store_id = ${s.id} and date > '${local}'`)).toBe(0);
      expect(await count(first.db, `select count(*) as n from selfcheck_operations where store_id = ${s.id} and date > '${local}'`)).toBe(0);
    }
  });

  it('balances in and out every past day at libraries that close, within opening hours', async () => {
    const unbalanced = await sql<{ code: string; day: string }>`
      select s.code, substr(r.date, 1, 10) as day from records r join stores s on s.id = r.store_id
      where r.date < ${today} and s.code <> 'BIB-012'
      group by s.code, substr(r.date, 1, 10) having sum(r.count_in) <> sum(r.count_out)`.execute(first.db);
    expect(unbalanced.rows).toEqual([]);
    const outside = await count(
      first.db,
      `select count(*) as n from records r join stores s on s.id = r.store_id
      where s.code <> 'BIB-012' and (substr(r.date, 12, 5) < s.start_time or substr(r.date, 12, 5) >= s.end_time)`,
    );
    expect(outside).toBe(0);
  });

  it('has one expired library, one expiring within a month and one outside Europe/Madrid', async () => {
    const stores = await first.db.selectFrom('stores').select(['code', 'expiration_date', 'timezone']).execute();
    expect(stores.map((s) => s.code)).toEqual(expect.arrayContaining([...DEMO_STORE_CODES]));
    expect(stores.filter((s) => s.expiration_date < today).map((s) => s.code)).toEqual(['BIB-010']);
    expect(stores.filter((s) => s.expiration_date >= today && s.expiration_date <= addDays(today, 30)).map((s) => s.code)).toEqual(['BIB-011']);
    expect(stores.some((s) => s.timezone === 'Atlantic/Canary')).toBe(true);
    expect(stores.filter((s) => s.timezone === 'Europe/Madrid').length).toBeGreaterThan(stores.length / 2);
  });

  it('stores folded search texts, so accent-free searches find accented titles', async () => {
    const accented = await first.db.selectFrom('catalogue_items').select(['field1', 'search_text']).where('field1', 'like', '%ó%').limit(5).execute();
    expect(accented.length).toBeGreaterThan(0);
    for (const item of accented) expect(item.search_text).toContain(foldText(item.field1!));
    const folded = foldText(accented[0].field1!);
    expect(await count(first.db, `select count(*) as n from catalogue_items where search_text like '%${folded.replace(/'/g, "''")}%'`)).toBeGreaterThan(0);
  });

  it('builds inventories with missing and extra items against their catalogue, and ungrouped sections', async () => {
    const store = await first.db.selectFrom('stores').select('id').where('code', '=', 'BIB-001').executeTakeFirstOrThrow();
    const group = await first.db
      .selectFrom('inventory_groups')
      .select(['id', 'catalogue_id'])
      .where('store_id', '=', store.id)
      .where('catalogue_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const missing = await count(
      first.db,
      `select count(*) as n from catalogue_items c where c.catalogue_id = ${group.catalogue_id}
      and not exists (select 1 from inventory_items i where i.group_id = ${group.id} and i.code = c.code)`,
    );
    const extra = await count(
      first.db,
      `select count(*) as n from inventory_items i where i.group_id = ${group.id}
      and not exists (select 1 from catalogue_items c where c.catalogue_id = ${group.catalogue_id} and c.code = i.code)`,
    );
    expect(missing).toBeGreaterThan(0);
    expect(extra).toBeGreaterThan(0);
    expect(await count(first.db, 'select count(*) as n from inventories where group_id is null')).toBeGreaterThan(0);
    expect(await count(first.db, 'select count(*) as n from inventory_items where group_id is null')).toBeGreaterThan(0);
    expect(await count(first.db, 'select count(*) as n from inventory_items where search_list_id is not null')).toBeGreaterThan(0);
    expect(await count(first.db, 'select count(*) as n from additional_operations')).toBeGreaterThan(0);
    expect(await count(first.db, 'select count(*) as n from id_modifications')).toBeGreaterThan(0);
  });

  it('links item events of every type to their inventories, alarms and SIP operations', async () => {
    expect(await values(first.db, 'select distinct type as v from item_events')).toEqual(['ALARM', 'INVENTORY', 'SIP_OPERATION']);
    const events = await first.db.selectFrom('item_events').select(['type', 'details', 'inventory_id']).execute();
    const alarmIds = new Set((await first.db.selectFrom('alarms').select('id').execute()).map((a) => a.id));
    const sipIds = new Set((await first.db.selectFrom('sip_operations').select('id').execute()).map((a) => a.id));
    for (const e of events) {
      const details = JSON.parse(e.details) as { alarmId?: number; sipOperationId?: number };
      if (e.type === 'ALARM') expect(alarmIds.has(details.alarmId!)).toBe(true);
      if (e.type === 'SIP_OPERATION') expect(sipIds.has(details.sipOperationId!)).toBe(true);
      if (e.type === 'INVENTORY') expect(e.inventory_id).not.toBeNull();
    }
  });

  it('creates users of every role and flavour, and image sets with their pictures', async () => {
    expect(await values(first.db, 'select distinct role as v from users')).toEqual(['admin', 'supervisor', 'user']);
    expect(await values(first.db, 'select distinct flavor as v from users')).toEqual(['DIALOCID', 'LIBTECS', '{product}']);
    expect(await count(first.db, 'select count(*) as n from users')).toBeGreaterThan(DEMO_ACCOUNTS.length);
    const images = await first.db.selectFrom('images').select(['file', 'size']).execute();
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(fs.statSync(path.join(first.dir, 'files', image.file)).size).toBe(image.size);
    // Without a storage the sets exist, without pictures.
    expect(await count(second.db, 'select count(*) as n from image_sets')).toBeGreaterThan(0);
    expect(await count(second.db, 'select count(*) as n from images')).toBe(0);
  });

  it('lets the demo accounts sign in as accounts.ts says', async () => {
    const app = await buildApp({
      db: first.db,
      config: defaultConfig({ argon2: TEST_ARGON2, dataDir: path.join(first.dir, 'data'), portalRoot: null, demo: true }),
    });
    try {
      const stores = await first.db.selectFrom('stores').select(['id', 'code']).orderBy('id').execute();
      for (const account of DEMO_ACCOUNTS) {
        const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { userName: account.userName, password: account.password } });
        if (!canSignIn({ role: account.role, permissions: [...account.permissions] })) {
          expect([account.userName, res.statusCode, res.json().code]).toEqual([account.userName, 403, 'USER_NO_PRIVILEGES']);
          continue;
        }
        expect([account.userName, res.statusCode]).toEqual([account.userName, 200]);
        const expected = stores.filter((s) => account.storeCodes === 'all' || account.storeCodes.includes(s.code)).map((s) => s.id);
        expect([...res.json().storeIds].sort((a: number, b: number) => a - b)).toEqual(expected);
        expect(res.json().settings.selectedStoreId).toBe(expected[0]);
      }
    } finally {
      await app.close();
    }
  }, 30_000);
});
