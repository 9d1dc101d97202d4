import { useSelector } from 'react-redux';
import { isStoreExpired, selectSelectedStore, selectStoresLoading } from '@portal/session';

export type LibraryStatus = { state: 'loading' } | { state: 'none' } | { state: 'expired'; name: string } | { state: 'ok' };

/**
 * Whether library-scoped content may show (access-shell-dashboard §2 guard screens): the selected store must
 * be among the stores ('none' otherwise) and its expirationDate must not be past ('expired').
 */
export function useLibraryStatus(): LibraryStatus {
  const loading = useSelector(selectStoresLoading);
  const store = useSelector(selectSelectedStore);
  if (!store) return loading ? { state: 'loading' } : { state: 'none' };
  if (isStoreExpired(store)) return { state: 'expired', name: store.name };
  return { state: 'ok' };
}
