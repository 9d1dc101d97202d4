import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The nine interface languages, the same list as LOCALES of @portal/i18n (a test keeps them equal). */
export const LOCALES = ['en-GB', 'en-US', 'es', 'ca', 'fr', 'pt', 'nl', 'pl', 'ar'] as const;

export type Translations = Record<string, Record<string, unknown>>;

function lookup(resources: unknown, keyPath: string[]): unknown {
  return keyPath.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), resources);
}

function place(target: Record<string, unknown>, keyPath: string[], value: unknown): void {
  let node = target;
  keyPath.slice(0, -1).forEach((part) => {
    node[part] = (node[part] as Record<string, unknown> | undefined) ?? {};
    node = node[part] as Record<string, unknown>;
  });
  node[keyPath[keyPath.length - 1]] = value;
}

/**
 * The texts the shell shows before a remote's code is loaded (menu labels, route titles): the given
 * `namespace:key.path` keys picked from the remote's `src/locales/<lng>.json`, per locale. Every key must
 * be translated in all nine locales.
 */
export function pickTranslations(localesDir: string, namespace: string, keys: string[]): { translations: Translations; problems: string[] } {
  const translations: Translations = {};
  const problems: string[] = [];
  for (const lng of LOCALES) {
    const file = path.join(localesDir, `${lng}.json`);
    if (!existsSync(file)) {
      problems.push(`missing translations file ${file}`);
      continue;
    }
    const resources: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const picked: Record<string, unknown> = {};
    for (const key of new Set(keys)) {
      const [ns, keyText] = key.split(':');
      if (ns !== namespace) continue; // reported by the registry's own namespace rule
      const keyPath = keyText.split('.');
      const value = lookup(resources, keyPath);
      if (typeof value !== 'string' || !value.trim()) problems.push(`${lng}: no text for ${key} in ${file}`);
      else place(picked, keyPath, value);
    }
    translations[lng] = picked;
  }
  return { translations, problems };
}

/** Problems of a registry remote's translations: a locale or a label/title missing. */
export function translationProblems(remote: {
  name: string;
  translations: Translations;
  routes: { titleKey: string }[];
  menu: { labelKey: string }[];
}): string[] {
  const keys = [...remote.routes.map((route) => route.titleKey), ...remote.menu.map((entry) => entry.labelKey)];
  const problems: string[] = [];
  for (const lng of LOCALES) {
    const resources = remote.translations[lng];
    if (!resources) {
      problems.push(`${remote.name}: no ${lng} translations`);
      continue;
    }
    for (const key of keys) {
      if (typeof lookup(resources, key.split(':')[1].split('.')) !== 'string') problems.push(`${remote.name}: ${lng} has no text for ${key}`);
    }
  }
  return problems;
}
