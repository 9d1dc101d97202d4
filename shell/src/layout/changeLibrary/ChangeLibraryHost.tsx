import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { changeLibraryClosed, selectChangeLibraryOpen } from '@portal/session';
import { lazyDialog } from '@portal/ui';

// Loaded when first opened: its Table is not needed by the pages themselves (a shared antd component is fetched
// with the first chunk that uses it).
const ChangeLibraryModal = lazyDialog(
  () => import(/* webpackChunkName: "change-library" */ './ChangeLibraryModal'),
  'ChangeLibraryModal',
  (props) => props.onClose(),
);

/**
 * The one Change Library modal. It opens when any React root dispatches changeLibraryRequested() (the header's
 * library dropdown here, the guard screens of @portal/ui in the remotes) and closes through changeLibraryClosed().
 * Once opened it stays mounted, so it closes with its motion (lazyDialog).
 */
export function ChangeLibraryHost() {
  const dispatch = useDispatch();
  const open = useSelector(selectChangeLibraryOpen);
  const close = useCallback(() => {
    dispatch(changeLibraryClosed());
  }, [dispatch]);
  return <ChangeLibraryModal open={open} onClose={close} />;
}
