import { hasPermission } from '@portal/contract';
import { useDispatch, useSelector, type TypedUseSelectorHook } from 'react-redux';
import type { AuthState } from './authSlice';
import { selectPermissionHolder, selectSession } from './selectors';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

export function useSession(): AuthState {
  return useAppSelector(selectSession);
}

/** Whether the signed-in user meets a requirement (spec §6); hides buttons only, the server enforces. */
export function usePermission(requirement: string): boolean {
  return hasPermission(useAppSelector(selectPermissionHolder), requirement);
}
