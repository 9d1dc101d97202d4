import { useEffect, useState } from 'react';
import { LoadingOverlay } from '@portal/ui';

/**
 * Covers the content area while single-spa changes its remote: the remote's code arriving, then mounting. Shown
 * once that lasts the overlay's delay, so a slow link shows the page is on its way and a quick one never flashes.
 */
export function RemoteLoadingOverlay() {
  const [changing, setChanging] = useState(false);
  useEffect(() => {
    const start = () => setChanging(true);
    const end = () => setChanging(false);
    // single-spa announces a change of applications before loading any, and ends every reroute with a routing event.
    const events: [string, () => void][] = [
      ['single-spa:before-app-change', start],
      ['single-spa:app-change', end],
      ['single-spa:routing-event', end],
    ];
    events.forEach(([name, listener]) => window.addEventListener(name, listener));
    return () => events.forEach(([name, listener]) => window.removeEventListener(name, listener));
  }, []);
  return <LoadingOverlay loading={changing} />;
}
