import { parse } from 'node:querystring';

/**
 * The server's one query-string rule for lists: a parameter given several times is the same as its comma form, so
 * `?selectedStoreIds=1&selectedStoreIds=2` (OpenAPI's default form for arrays) reads as `?selectedStoreIds=1,2`, and
 * every query schema sees one text per parameter. Everything else is parsed as Fastify's default parser does
 * (percent-decoding, `+` as space); keys are kept off the object prototype.
 */
export function parseQueryString(text: string): Record<string, string> {
  // No key limit (node's default 1,000 would drop the rest silently); the URL's size is bounded by the HTTP parser.
  const parsed = parse(text, '&', '=', { maxKeys: 0 });
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(parsed)) {
    if (value !== undefined) query[key] = Array.isArray(value) ? value.join(',') : value;
  }
  return query;
}
