/**
 * The demo data generator (loaded by ./loadGenerator.ts on a first start with demo data on).
 *
 * Deterministic: every value comes from seeded streams (./generateRandom.ts); "today" is the real
 * current date, and everything is placed relative to it, so two runs on the same day give the same
 * data (today's time series stop at `now`, so runs with the same `now` are identical).
 *
 * The normal profile runs in one transaction (all or nothing). The large profile (scripts/
 * generate-large.ts) commits in batches instead.
 */
import { sql, type Kysely } from 'kysely';
import type { Argon2Params } from '../auth/password';
import type { Database } from '../db/schema';
import type { FileStorage } from '../storage/files';
import { BulkWriter, syncSequences } from './generateBulk';
import { localClock } from './generateCalendar';
import type { GenContext } from './generateContext';
import { generateAlarms } from './generateAlarms';
import { generateCatalogues, generateSearchLists } from './generateCatalogues';
import { generateInventories } from './generateInventories';
import { insertLibraries } from './generateLibraries';
import { profileFromEnv, type DemoProfile } from './generateProfile';
import { generateRecords } from './generateRecords';
import { generateSelfService } from './generateSelfService';
import { generateIdModifications, generateImageSets, generateUsers } from './generateUsers';

export interface GenerateOptions {
  argon2: Argon2Params;
  now: Date;
  /** Defaults to the normal demo profile (PORTAL_DEMO_PROFILE=small: the small one, see generateProfile.ts). */
  profile?: DemoProfile;
  /** Where image-set pictures are written; without it, image sets have no pictures. */
  storage?: FileStorage;
  /** One transaction for everything (default true); false commits in batches (large profile). */
  atomic?: boolean;
  log?: (message: string) => void;
}

export interface GenerateSummary {
  profile: string;
  ms: number;
  /** Rows created per table. */
  counts: Record<string, number>;
  /** Milliseconds per step. */
  phases: Record<string, number>;
}

async function run(db: Kysely<Database>, options: GenerateOptions & { profile: DemoProfile }, summary: GenerateSummary): Promise<void> {
  const { profile } = options;
  const log = options.log ?? (() => undefined);
  const ctx: GenContext = {
    db,
    writer: await BulkWriter.create(db),
    now: options.now,
    anchorDay: localClock('Europe/Madrid', options.now).day,
    profile,
    log,
  };
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    log(`${name}…`);
    const result = await work();
    summary.phases[name] = Date.now() - started;
    const used = process.cpuUsage(cpu);
    log(`${name}: ${summary.phases[name]} ms (cpu ${Math.round((used.user + used.system) / 1000)} ms)`);
    return result;
  };
  const { counts } = summary;

  const libraries = await step('libraries', () => insertLibraries(ctx));
  counts.stores = libraries.length;
  counts.sensors = libraries.reduce((n, l) => n + l.sensors.length, 0);
  const userIds = await step('users', () => generateUsers(ctx, libraries, options.argon2));
  counts.users = Object.keys(userIds).length;
  const { catalogues, items } = await step('catalogues', () => generateCatalogues(ctx, libraries));
  counts.catalogues = catalogues.length;
  counts.catalogue_items = items;
  const lists = await step('search lists', () => generateSearchLists(ctx, catalogues));
  counts.search_lists = lists.count;
  const inventories = await step('inventories', () => generateInventories(ctx, catalogues, lists));
  counts.inventory_groups = inventories.groups;
  counts.inventories = inventories.sections;
  counts.inventory_items = inventories.items;
  counts.records = await step('counter records', () => generateRecords(ctx, libraries));
  const alarms = await step('alarms', () => generateAlarms(ctx, libraries, catalogues));
  counts.alarms = alarms.alarms;
  const selfService = await step('SIP and self-check operations', () => generateSelfService(ctx, libraries, catalogues));
  counts.sip_operations = selfService.sip;
  counts.selfcheck_operations = selfService.selfcheck;
  counts.item_events = inventories.events + alarms.events + selfService.events;
  const images = await step('image sets', () => generateImageSets(ctx, userIds, options.storage));
  counts.image_sets = images.sets;
  counts.images = images.images;
  counts.id_modifications = await generateIdModifications(ctx, libraries);
  await syncSequences(db, ['alarms', 'sip_operations']);
}

/** Fills an empty database with the demo portal. Matches loadGenerator's DemoGenerator. */
export async function generateDemo(db: Kysely<Database>, options: GenerateOptions): Promise<GenerateSummary> {
  const started = Date.now();
  const withProfile = { ...options, profile: options.profile ?? profileFromEnv(process.env) };
  const summary: GenerateSummary = { profile: withProfile.profile.name, ms: 0, counts: {}, phases: {} };
  if (options.atomic === false) await run(db, withProfile, summary);
  else await db.transaction().execute((trx) => run(trx, withProfile, summary));
  // Fresh statistics so the query planners pick the item and record indexes.
  await sql`analyze`.execute(db);
  summary.ms = Date.now() - started;
  return summary;
}

export default generateDemo;
