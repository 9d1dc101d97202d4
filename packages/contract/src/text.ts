/** Lower-case, accent-free form of a text: how searches compare ("matching ignores case and accents"). */
export function foldText(text: string): string {
  return stripAccents(text).toLowerCase();
}

/** The text without combining accents, case kept (a regular expression's `\D` must not become `\d`). */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** A search text beginning and ending with '/' (and longer than '//') is a regular expression. */
export function isRegexSearch(search: string): boolean {
  return search.length > 2 && search.startsWith('/') && search.endsWith('/');
}

/**
 * The matcher for one search text: a regular expression (case- and accent-insensitive) for '/…/',
 * otherwise a folded substring match. An invalid regular expression matches nothing.
 */
export function searchMatcher(search: string): (value: string) => boolean {
  if (isRegexSearch(search)) {
    let re: RegExp;
    try {
      re = new RegExp(stripAccents(search.slice(1, -1)), 'i');
    } catch {
      return () => false;
    }
    return (value) => re.test(foldText(value));
  }
  const needle = foldText(search);
  return (value) => foldText(value).includes(needle);
}
