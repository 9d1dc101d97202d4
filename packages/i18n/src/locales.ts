/** The nine interface languages (spec §1). Spanish is the default and the fallback. */
export const LOCALES = ['en-GB', 'en-US', 'es', 'ca', 'fr', 'pt', 'nl', 'pl', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'es';
export const FALLBACK_LOCALE: Locale = 'es';

/** Native names, for the language selector: a language is always shown in its own words. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  'en-GB': 'English (UK)',
  'en-US': 'English (US)',
  es: 'Español',
  ca: 'Català',
  fr: 'Français',
  pt: 'Português',
  nl: 'Nederlands',
  pl: 'Polski',
  ar: 'العربية',
};

const RTL_LOCALES: ReadonlySet<string> = new Set<Locale>(['ar']);

export function isLocale(lng: unknown): lng is Locale {
  return typeof lng === 'string' && (LOCALES as readonly string[]).includes(lng);
}

/** Unknown or missing languages resolve to the fallback, so callers always get a supported locale. */
export function toLocale(lng: string | null | undefined): Locale {
  return isLocale(lng) ? lng : FALLBACK_LOCALE;
}

export function isRtl(lng: string | null | undefined): boolean {
  return RTL_LOCALES.has(toLocale(lng));
}

export type ResourcesByLocale<T = Record<string, unknown>> = Record<Locale, T>;

type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * A namespace's texts as every locale must have them: `T` (a locale file's type) without its plural forms
 * (`key_one`, `key_few`, …), which each language has its own of.
 */
export type TextsOf<T> = {
  [K in keyof T as K extends `${string}_${PluralCategory}` ? never : K]: T[K] extends string ? string : TextsOf<T[K]>;
};
