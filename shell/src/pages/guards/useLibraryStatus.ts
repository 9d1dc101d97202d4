import { useSelector } from 'react-redux';
import { isStoreExpired, selectSelectedStore, selectStoresLoading } from '@portal/session';

export type LibraryStatus =
  | { state: 'loading' }
  | { state: 'none' }
  | { state: 'expired'; name: string }
  | { state: 'ok' };

/** Whether library-scoped pages may show: the selected store must be among the stores and not expired. */
export function useLibraryStatus(): LibraryStatus {
  const loading = useSelector(selectStoresLoading);
  const store = useSelector(selectSelectedStore);
  if (!store) return loading ? { state: 'loading' } : { state: 'none' };
  if (isStoreExpired(store)) return { state: 'expired', name: store.name };
  return { state: 'ok' };
}
