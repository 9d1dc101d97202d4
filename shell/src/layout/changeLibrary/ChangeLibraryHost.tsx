import { useCallback } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { changeLibraryClosed, selectChangeLibraryOpen } from '@portal/session';
import { ChangeLibraryModal } from './ChangeLibraryModal';

/**
 * The one Change Library modal. It opens when any React root dispatches changeLibraryRequested() (the header's
 * library dropdown here, the guard screens of @portal/ui in the remotes) and closes through changeLibraryClosed().
 */
export function ChangeLibraryHost() {
  const dispatch = useDispatch();
  const open = useSelector(selectChangeLibraryOpen);
  const close = useCallback(() => {
    dispatch(changeLibraryClosed());
  }, [dispatch]);
  return <ChangeLibraryModal open={open} onClose={close} />;
}
