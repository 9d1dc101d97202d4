import { useEffect, useState } from 'react';

/** Space left for the rows below the header: the window's height minus the chrome around a list. */
const CHROME_PX = 300;
const MIN_HEIGHT_PX = 320;

export function useAvailableHeight(fixed?: number): number {
  const measure = () => Math.max(MIN_HEIGHT_PX, (typeof window === 'undefined' ? 800 : window.innerHeight) - CHROME_PX);
  const [height, setHeight] = useState(measure);
  useEffect(() => {
    if (fixed !== undefined) return undefined;
    const onResize = () => setHeight(measure());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [fixed]);
  return fixed ?? height;
}
