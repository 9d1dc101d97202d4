/**
 * The interface's own texts in one language, read from the locale files the apps are built from, so tests in
 * Spanish or Arabic find buttons and menu entries by their accessible names (Spanish fills missing keys).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './server';

const FOLDERS = {
  common: 'packages/i18n/src/locales',
  shell: 'shell/src/locales',
  lists: 'packages/lists/src/locales',
} as const;
export type TextNamespace = keyof typeof FOLDERS;

function lookup(namespace: TextNamespace, lng: string, key: string): string | undefined {
  const resources = JSON.parse(readFileSync(path.join(REPO_ROOT, FOLDERS[namespace], `${lng}.json`), 'utf8')) as Record<string, unknown>;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], resources);
  return typeof value === 'string' ? value : undefined;
}

/** t(namespace, 'dotted.key') in `lng`, falling back to Spanish; throws for a key that exists nowhere. */
export function uiText(lng: string): (namespace: TextNamespace, key: string) => string {
  return (namespace, key) => {
    const text = lookup(namespace, lng, key) ?? lookup(namespace, 'es', key);
    if (text === undefined) throw new Error(`no text ${namespace}:${key}`);
    return text;
  };
}
