/** How much the demo generator creates: the normal demo, the large benchmark profile, or a test-sized run. */

export interface InventoryRates {
  /** Share of the catalogue's items found by the inventory (the rest are Missing in Compare). */
  found: number;
  /** Extra items per catalogue item (not in the catalogue: Exceeded in Compare). */
  extra: number;
  /** Items scanned twice (in two sections), per catalogue item. */
  duplicate: number;
}

export interface DemoProfile {
  name: 'demo' | 'small' | 'large' | 'custom';
  /** Days of history of the time series (counters, alarms, SIP and self-check operations), today included. */
  days: number;
  /** One counter row for every open 5-minute slot, zero counts included (otherwise only slots with movement). */
  denseRecords: boolean;
  /** Multiplies every library's catalogue size (tests use a small one). */
  catalogueScale: number;
  /** Items of the first library's main catalogue; null keeps the scaled size. */
  mainCatalogueSize: number | null;
  /** How the first library's current inventory group covers that catalogue. */
  mainGroupRates: InventoryRates;
  /** Sections of the first library's current inventory group; null = about 400 items per section. */
  mainGroupSections: number | null;
}

export const DEFAULT_GROUP_RATES: InventoryRates = { found: 0.92, extra: 0.02, duplicate: 0.005 };

export const DEMO_PROFILE: DemoProfile = {
  name: 'demo',
  days: 365,
  denseRecords: false,
  catalogueScale: 1,
  mainCatalogueSize: null,
  mainGroupRates: DEFAULT_GROUP_RATES,
  mainGroupSections: null,
};

/**
 * Benchmarks: 1,000,000 catalogue items in one catalogue, more than 1,000,000 inventory items in one
 * group (found + extra + duplicate > 1), and more than 2,000,000 counter records (three years, every
 * open slot of every sensor).
 */
export const LARGE_PROFILE: DemoProfile = {
  name: 'large',
  days: 3 * 365,
  denseRecords: true,
  catalogueScale: 1,
  mainCatalogueSize: 1_000_000,
  mainGroupRates: { found: 0.965, extra: 0.03, duplicate: 0.01 },
  mainGroupSections: 500,
};

/** A quick first start (end-to-end runs, development): two weeks of history, a tenth of the items. */
export const SMALL_PROFILE: DemoProfile = { ...DEMO_PROFILE, name: 'small', days: 14, catalogueScale: 0.1 };

/** PORTAL_DEMO_PROFILE=small picks the small profile for the first-start demo; anything else the normal one. */
export function profileFromEnv(env: { PORTAL_DEMO_PROFILE?: string }): DemoProfile {
  return env.PORTAL_DEMO_PROFILE?.trim().toLowerCase() === 'small' ? SMALL_PROFILE : DEMO_PROFILE;
}

export function profileWith(overrides: Partial<DemoProfile>): DemoProfile {
  return { ...DEMO_PROFILE, name: 'custom', ...overrides };
}
