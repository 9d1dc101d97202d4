import { colorMapFor } from '@portal/ui';
import { useMemo } from 'react';
import type { ColorMap } from '../model/chartOptions';

/** Palette colours (§9) of the given labels; stable while the labels stay the same. */
export function useColorMap(labels: readonly string[]): ColorMap {
  const key = labels.join('\u0000');
  return useMemo(() => colorMapFor(key ? key.split('\u0000') : []), [key]);
}
