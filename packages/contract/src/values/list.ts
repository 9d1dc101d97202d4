/** List limits and the query encoding, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */
import type { ListCount, ListOrder, ListQuery, SearchTexts } from '../list';

export const PAGE_SIZE = 25;

export const MAX_LIST_LIMIT = 1000;

/**
 * The largest offset a list call accepts (400 OFFSET_TOO_LARGE beyond): a deep offset makes the database
 * read and skip every row before it. Narrow the search or reverse the order to reach the far end.
 */
export const MAX_LIST_OFFSET = 100_000;

/** The decoded list parameters. */
export interface ListParams {
  searchTexts?: SearchTexts;
  order?: ListOrder;
  offset?: number;
  limit?: number;
  /** Absent: the page and its exact total. 'skip': the page at once, the total only if the page shows it. 'only': the total alone. */
  count?: ListCount;
}

export function encodeListParams(params: ListParams): ListQuery {
  const query: ListQuery = {};
  if (params.searchTexts && Object.keys(params.searchTexts).length) query.searchTexts = JSON.stringify(params.searchTexts);
  if (params.order) query.order = params.order.join(',');
  if (params.offset !== undefined) query.offset = params.offset;
  if (params.limit !== undefined) query.limit = params.limit;
  if (params.count !== undefined) query.count = params.count;
  return query;
}
