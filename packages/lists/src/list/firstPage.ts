import type { ListParams } from '@portal/api';

/**
 * A list call that loads the list from the top (offset 0), not the separate count of its total (count=only):
 * pages that refresh their header counts along with the list do it on this call only.
 */
export const isFirstPage = (params: ListParams): boolean => !params.offset && params.count !== 'only';
