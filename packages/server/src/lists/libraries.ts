/**
 * Lists over the libraries a user holds (SIP operations, alarms…): the scope and a default order for callers
 * that send none. Shared so each area states only its definition and its default.
 */
import type { Kysely } from 'kysely';
import type { ListOrder, ListQuery } from '@portal/contract';
import type { Database } from '../db/schema';
import { storeScope, type AuthUser } from '../services/context';
import type { ListDefinition, ListScope } from './definition';
import { listPage, listParams, type ListPage } from './engine';

/** Every library for an admin (no id list in the SQL); otherwise the ones the user holds. */
export function librariesScope(user: AuthUser): ListScope {
  const stores = storeScope(user);
  return stores ? { store_id: stores } : {};
}

/** One page of a list of the user's libraries, in `defaultOrder` unless the query names an order. */
export function librariesListPage<T>(db: Kysely<Database>, def: ListDefinition<T>, user: AuthUser, query: ListQuery, defaultOrder: ListOrder): Promise<ListPage<T>> {
  const params = listParams(query);
  return listPage(db, def, librariesScope(user), { ...params, order: params.order ?? defaultOrder });
}
