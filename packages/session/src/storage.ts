import type { UserSettings } from '@portal/api';
import { toSettings } from './settings';

/**
 * What survives a reload in localStorage. Settings are kept apart from the session so that a damaged
 * settings entry only loses the settings (treated as empty), not the sign-in.
 */
export const STORAGE_KEYS = {
  session: 'portal.session',
  settings: 'portal.settings',
  /** The last library a user selected; kept across logout so the next login of that user restores it. */
  selectedStore: 'portal.selectedStore',
} as const;

export interface StoredSession {
  token: string;
  userId: number;
  userFullName: string;
  userFlavor: string;
  userToken: string;
  role: string;
  permissions: string[];
  storeIds: number[];
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The avatar's URL, null (or absent, in a session saved before it was kept) when the user has none. */
  avatarUrl?: string | null;
}

export interface RememberedStore {
  userId: number;
  selectedStoreId: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumberArray = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === 'number');
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((n) => typeof n === 'string');

function read(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the session still works until the page is reloaded.
  }
}

/** The stored session, or null when missing or of the wrong shape. */
export function loadSession(): StoredSession | null {
  const s = read(STORAGE_KEYS.session);
  if (!isObject(s)) return null;
  const ok =
    typeof s.token === 'string' &&
    s.token !== '' &&
    typeof s.userId === 'number' &&
    typeof s.expiresAt === 'number' &&
    typeof s.role === 'string' &&
    isStringArray(s.permissions) &&
    isNumberArray(s.storeIds);
  if (!ok) return null;
  return {
    token: s.token as string,
    userId: s.userId as number,
    userFullName: typeof s.userFullName === 'string' ? s.userFullName : '',
    userFlavor: typeof s.userFlavor === 'string' ? s.userFlavor : '',
    userToken: typeof s.userToken === 'string' ? s.userToken : '',
    role: s.role as string,
    permissions: s.permissions as string[],
    storeIds: s.storeIds as number[],
    expiresAt: s.expiresAt as number,
    avatarUrl: typeof s.avatarUrl === 'string' ? s.avatarUrl : null,
  };
}

/** Stored settings; anything that is not a JSON object counts as empty settings. */
export function loadSettings(): UserSettings {
  return toSettings(read(STORAGE_KEYS.settings));
}

export function saveSession(session: StoredSession, settings: UserSettings): void {
  write(STORAGE_KEYS.session, session);
  write(STORAGE_KEYS.settings, settings);
  if (typeof settings.selectedStoreId === 'number') {
    write(STORAGE_KEYS.selectedStore, { userId: session.userId, selectedStoreId: settings.selectedStoreId });
  }
}

/** Forgets the session and settings; the remembered library stays for that user's next login. */
export function clearSession(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.session);
    localStorage.removeItem(STORAGE_KEYS.settings);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

export function loadRememberedStore(): RememberedStore | null {
  const r = read(STORAGE_KEYS.selectedStore);
  return isObject(r) && typeof r.userId === 'number' && typeof r.selectedStoreId === 'number' ? { userId: r.userId, selectedStoreId: r.selectedStoreId } : null;
}
