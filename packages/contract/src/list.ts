/**
 * The generic list call (data-areas §2, §7): GET with searchTexts, order, offset, limit → { items, total }.
 * In the query string `searchTexts` travels as JSON text ({"name":"x"}) and `order` as "field,direction"
 * (a JSON pair ["field","asc"] is accepted too); `encodeListParams` / `decodeListParams` are the reference.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { MAX_LIST_LIMIT, type ListParams } from './values/list';
export * from './values/list';

export const SortDirection = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
export type SortDirection = Static<typeof SortDirection>;

/** [field, 'asc' | 'desc'], or null when unsorted. */
export const ListOrder = Type.Union([Type.Tuple([Type.String({ minLength: 1, maxLength: 100 }), SortDirection]), Type.Null()]);
export type ListOrder = Static<typeof ListOrder>;

/** Field → search text (a '/…/' text is a regular expression; matching ignores case and accents). */
export const SearchTexts = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }), { maxProperties: 50 });
export type SearchTexts = Static<typeof SearchTexts>;

/**
 * How a list call counts (the first page must not wait for the count of a large search). A list
 * screen asks for the first page with 'skip' and for the total with 'only' at the same time, and shows the
 * rows when they come and the total (and 'Filtered') when it comes.
 */
export const ListCount = Type.Union([Type.Literal('skip'), Type.Literal('only')]);
export type ListCount = Static<typeof ListCount>;

/** The list query string as sent. */
export const ListQuery = Type.Object(
  {
    searchTexts: Type.Optional(Type.String({ maxLength: 12000 })),
    order: Type.Optional(Type.String({ maxLength: 300 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT })),
    count: Type.Optional(ListCount),
  },
  { additionalProperties: false },
);
export type ListQuery = Static<typeof ListQuery>;

export function ListResponse<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    /**
     * false (only with count=skip): total is a lower bound (the rows up to this page, plus one when more
     * follow); ask with count=only for the exact figure. Absent or true: total is exact.
     */
    totalKnown: Type.Optional(Type.Boolean()),
  });
}

/**
 * Compiled on first use, not at import: the browser imports this module but never decodes a query, and
 * compiling probes for eval, which the portal's Content-Security-Policy refuses (a console error per page).
 */
let compiled: { searchTexts: ReturnType<typeof Compile<typeof SearchTexts>>; order: ReturnType<typeof Compile<typeof ListOrder>> } | undefined;
const checks = () => (compiled ??= { searchTexts: Compile(SearchTexts), order: Compile(ListOrder) });

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function splitOrder(text: string): { ok: true; value: unknown } {
  const comma = text.lastIndexOf(',');
  return { ok: true, value: comma < 0 ? text : [text.slice(0, comma), text.slice(comma + 1)] };
}

/** Decodes a list query; returns the name of the offending parameter when it is not valid. */
export function decodeListParams(query: ListQuery): { ok: true; params: ListParams } | { ok: false; param: 'searchTexts' | 'order' } {
  const params: ListParams = { offset: query.offset, limit: query.limit };
  if (query.count !== undefined) params.count = query.count;
  if (query.searchTexts !== undefined && query.searchTexts !== '') {
    const parsed = parseJson(query.searchTexts);
    if (!parsed.ok || !checks().searchTexts.Check(parsed.value)) return { ok: false, param: 'searchTexts' };
    params.searchTexts = parsed.value as SearchTexts;
  }
  if (query.order !== undefined && query.order !== '') {
    const parsed = query.order.startsWith('[') ? parseJson(query.order) : splitOrder(query.order);
    if (!parsed.ok || !checks().order.Check(parsed.value)) return { ok: false, param: 'order' };
    params.order = parsed.value as ListOrder;
  }
  return { ok: true, params };
}
