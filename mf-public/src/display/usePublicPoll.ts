import { useLocation } from 'react-router-dom';
import { pollIntervalFrom } from '../polling/pollInterval';
import { usePolling, type PollState } from '../polling/usePolling';

/** Polls a public call at the display interval (5 s, or `?pollMs=` when explicitly given). */
export function usePublicPoll<T>(path: string | null): PollState<T> {
  const { search } = useLocation();
  return usePolling<T>(path, pollIntervalFrom(search));
}
