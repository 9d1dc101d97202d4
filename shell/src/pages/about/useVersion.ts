import { useEffect, useState } from 'react';
import { getVersion } from '@portal/api';

/** The server's version (GET /api/misc/version); null while loading or when the call fails (silent, §8). */
export function useVersion(): string | null {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    getVersion()
      .then((response) => {
        if (active) setVersion(response.version);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return version;
}
