/**
 * Lists over the libraries a user holds (SIP operations, alarms…): the scope and a default order for callers
 * that send none. Shared so each area states only its definition and its default.
 */
import type { Kysely } from 'kysely';
import type { ExportBody, ListOrder, ListQuery } from '@portal/contract';
import type { Database } from '../db/schema';
import { storeScope, type AuthUser } from '../services/context';
import type { FilesDeps } from '../services/files';
import type { ListDefinition, ListScope } from './definition';
import { listPage, listParams, type ListPage } from './engine';
import { exportList, type ExportFile } from './export/export';

/** Every library for an admin (no id list in the SQL); otherwise the ones the user holds. */
export function librariesScope(user: AuthUser): ListScope {
  const stores = storeScope(user);
  return stores ? { store_id: stores } : {};
}

/** One page of a list of the user's libraries, in `defaultOrder` unless the query names an order. */
export function librariesListPage<T>(
  db: Kysely<Database>,
  def: ListDefinition<T>,
  user: AuthUser,
  query: ListQuery,
  defaultOrder: ListOrder,
): Promise<ListPage<T>> {
  const params = listParams(query);
  return listPage(db, def, librariesScope(user), { ...params, order: params.order ?? defaultOrder });
}

/** The export of a list of the user's libraries (file `baseName`), in `defaultOrder` unless the body names an order. */
export function exportLibrariesList<T>(
  deps: FilesDeps,
  user: AuthUser,
  def: ListDefinition<T>,
  body: ExportBody,
  defaultOrder: ListOrder,
  baseName: string,
): Promise<ExportFile> {
  return exportList(deps, user, def, librariesScope(user), { ...body, order: body.order ?? defaultOrder }, { maxXlsRows: deps.lists.maxXlsRows, baseName });
}
