import { useCallback, useEffect, useState } from 'react';
import { logger } from '@portal/api';

export interface Loaded<T> {
  /** undefined until the first answer. */
  data: T | undefined;
  failed: boolean;
  reload: () => void;
}

/** The answer of `load`, fetched again on reload() and whenever `key` changes; a late answer of an older key is dropped. */
export function useLoaded<T>(load: () => Promise<T>, key: unknown): Loaded<T> {
  const [state, setState] = useState<{ key: unknown; data: T | undefined; failed: boolean }>({ key, data: undefined, failed: false });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (data) => {
        if (current) setState({ key, data, failed: false });
      },
      (error: unknown) => {
        logger.error('Devices not loaded', error);
        if (current) setState((s) => ({ ...s, key, failed: true }));
      },
    );
    return () => {
      current = false;
    };
    // load is read for the current key only: a new closure each render must not refetch.
  }, [key, round]); // eslint-disable-line react-hooks/exhaustive-deps
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const sameKey = state.key === key;
  return { data: sameKey ? state.data : undefined, failed: sameKey && state.failed, reload };
}
