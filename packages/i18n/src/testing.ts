import { LOCALES } from './locales';

type Tree = { readonly [key: string]: unknown };

function flatten(tree: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree as Tree)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value && typeof value === 'object') flatten(value, path, out);
      else out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: unknown): string =>
  typeof text === 'string'
    ? [...text.matchAll(/{{\s*([\w.]+)/g)]
        .map((m) => m[1])
        .sort()
        .join(',')
    : '';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * A locale's plural forms of a text (i18next's `key_few`, … beside `key`, chosen by the `count` it is given):
 * each must be one of the locale's plural categories and carry the text's placeholders. They are taken out of
 * `keys`, as other locales need not have them.
 */
function pluralProblems(lng: string, keys: Map<string, unknown>): string[] {
  const categories: readonly string[] = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const problems: string[] = [];
  for (const [key, value] of [...keys]) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match && key.slice(0, match.index);
    if (!match || !base || !keys.has(base)) continue;
    keys.delete(key);
    if (!categories.includes(match[1]!)) problems.push(`${lng}: "${key}" is not a plural form of ${lng}`);
    else if (placeholders(value) !== placeholders(keys.get(base))) problems.push(`${lng}: placeholders differ in "${key}"`);
  }
  return problems;
}

/**
 * Problems of one namespace across the nine locales: a key present in any locale must exist in all of
 * them as a non-empty text carrying the same {{placeholders}}; a locale's plural forms of a key (`key_few`)
 * must be its own and carry the key's placeholders.
 */
export function translationProblems(resourcesByLocale: Partial<Record<string, unknown>>): string[] {
  const flat = new Map(LOCALES.map((lng) => [lng, flatten(resourcesByLocale[lng])]));
  const problems = LOCALES.flatMap((lng) => pluralProblems(lng, flat.get(lng)!));
  const allKeys = new Set<string>();
  for (const keys of flat.values()) for (const key of keys.keys()) allKeys.add(key);
  for (const lng of LOCALES) if (!resourcesByLocale[lng]) problems.push(`${lng}: locale missing`);
  for (const key of [...allKeys].sort()) {
    const reference = LOCALES.map((lng) => flat.get(lng)?.get(key)).find((v) => typeof v === 'string');
    for (const lng of LOCALES) {
      if (!resourcesByLocale[lng]) continue;
      const value = flat.get(lng)?.get(key);
      if (typeof value !== 'string' || value.trim() === '') problems.push(`${lng}: missing "${key}"`);
      else if (placeholders(value) !== placeholders(reference)) problems.push(`${lng}: placeholders differ in "${key}"`);
    }
  }
  return problems;
}

/** Test helper: throws (failing the test) listing every missing or broken translation. */
export function expectCompleteTranslations(resourcesByLocale: Partial<Record<string, unknown>>): void {
  const problems = translationProblems(resourcesByLocale);
  if (problems.length > 0) throw new Error(`Incomplete translations:\n${problems.join('\n')}`);
}
