import { useMemo } from 'react';
import { selectSession, useAppSelector } from '@portal/session';
import type { Actor } from './userRules';

/** The signed-in user as the user rules see them. */
export function useActor(): Actor {
  const { userId, role, permissions } = useAppSelector(selectSession);
  return useMemo(() => ({ userId: userId ?? 0, role: role ?? 'user', permissions }), [userId, role, permissions]);
}
