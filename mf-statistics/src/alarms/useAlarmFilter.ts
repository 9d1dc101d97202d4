/**
 * The alarms list's activated filter (data-areas §2: a default filter on activated alarms): Activated by
 * default, Deactivated or All; a search the user types in the Activated column wins.
 */
import { useCallback, useState } from 'react';
import type { ListParams } from '@portal/api';

export const ALARM_FILTERS = ['activated', 'deactivated', 'all'] as const;
export type AlarmFilter = (typeof ALARM_FILTERS)[number];
export const DEFAULT_ALARM_FILTER: AlarmFilter = 'activated';

export function withAlarmFilter<P extends Pick<ListParams, 'searchTexts'>>(params: P, filter: AlarmFilter): P {
  if (filter === 'all' || params.searchTexts?.alarmActivated) return params;
  return { ...params, searchTexts: { ...params.searchTexts, alarmActivated: filter === 'activated' ? 'true' : 'false' } };
}

export function useAlarmFilter() {
  const [filter, setFilter] = useState<AlarmFilter>(DEFAULT_ALARM_FILTER);
  const apply = useCallback(<P extends Pick<ListParams, 'searchTexts'>>(params: P) => withAlarmFilter(params, filter), [filter]);
  return { filter, setFilter, apply };
}
