import { useSelector } from 'react-redux';
import { selectStoresLoading } from '@portal/session';
import { LoadingOverlay } from '@portal/ui';

/** While the stores load, the content is covered (the overlay itself waits 300 ms before appearing). */
export function StoresLoadingOverlay() {
  const loading = useSelector(selectStoresLoading);
  return <LoadingOverlay loading={loading} />;
}
