/**
 * The counters page's state and data: the intervals (model/intervals), type, day range, time range, chart
 * type, shown statistics and zoom. Statistics reload whenever intervals, type, range or times change
 * (data-areas §4); an answer to an older request is dropped.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_INTERVAL_RANGE, DEFAULT_INTERVAL_TYPE, type IntervalRange, type IntervalRecords, type IntervalType, type RecordsBody } from '@portal/contract';
import { getRecords, logger } from '@portal/api';
import {
  addInterval,
  changeType,
  initialIntervals,
  moveIntervals,
  removeInterval,
  setIntervalDate,
  setIntervalRegion,
  toggleInterval,
  type IntervalRegion,
  type IntervalsState,
} from '../model/intervals';
import { DEFAULT_CHART_TYPE, type CounterChartType } from '../model/chartOptions';
import { earliestResetTime } from '../model/regions';
import { defaultStatistics, selectStatistic, shownStatistics, type Statistic, type Zoom } from '../model/statistics';

/** data-areas §2: the time range picker of week, month and year (15-minute steps). */
export const WHOLE_DAY: [string, string] = ['00:00', '23:45'];

export function recordsBody(state: IntervalsState, range: IntervalRange, times: [string, string]): RecordsBody {
  const body: RecordsBody = {
    intervals: state.intervals.map((i) => ({ storeIds: i.region.storeIds, startDate: i.startDate, endDate: i.endDate, region: i.region.value })),
  };
  if (state.type === 'day') body.intervalRange = range;
  else body.intervalTimes = [times[0], times[1] === '23:45' ? '23:59' : times[1]];
  const reset = earliestResetTime(state.intervals.map((i) => i.region));
  if (reset) body.resetTime = reset;
  return body;
}

/** One load of the statistics: the body sent and the keys of the intervals it holds, in its order. */
interface RecordsRequest {
  type: IntervalType;
  body: RecordsBody;
  keys: number[];
}

export function useCounters(region: IntervalRegion | null, today: string, weekStartDay: number) {
  const [state, setState] = useState<IntervalsState>(() => initialIntervals(DEFAULT_INTERVAL_TYPE, weekStartDay, region, today));
  const [range, setRange] = useState<IntervalRange>(DEFAULT_INTERVAL_RANGE);
  const [times, setTimes] = useState<[string, string]>(WHOLE_DAY);
  const [chartType, setChartType] = useState<CounterChartType>(DEFAULT_CHART_TYPE);
  const [selected, setSelected] = useState<Statistic[]>(defaultStatistics(DEFAULT_INTERVAL_TYPE));
  const [zoomEnabled, setZoomEnabled] = useState(false);
  const [zoom, setZoom] = useState<Zoom>(null);
  const [data, setData] = useState<Map<number, IntervalRecords> | null>(null);
  const [loading, setLoading] = useState(false);

  // The region arrives with the tree: the first interval starts there.
  useEffect(() => {
    if (region && state.intervals.length === 0) setState(initialIntervals(state.type, weekStartDay, region, today));
  }, [region, state.intervals.length, state.type, today, weekStartDay]);

  // The request as text, and the request read back from it: a change of state that leaves it the same (an
  // interval shown or hidden) keeps the same request and asks nothing.
  const requestText = state.intervals.length
    ? JSON.stringify({ type: state.type, body: recordsBody(state, range, times), keys: state.intervals.map((i) => i.key) })
    : null;
  const request = useMemo(() => (requestText === null ? null : (JSON.parse(requestText) as RecordsRequest)), [requestText]);
  useEffect(() => {
    if (!request) return undefined;
    let live = true;
    setLoading(true);
    setZoom(null);
    getRecords(request.type, request.body)
      .then((answer) => {
        if (live) setData(new Map(answer.intervals.map((records, n) => [request.keys[n], records])));
      })
      .catch((error: unknown) => {
        logger.error('Counter statistics not loaded', error);
        if (live) setData(new Map());
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [request]);

  const several = state.intervals.filter((i) => i.enabled).length > 1;
  const actions = useMemo(
    () => ({
      add: () => setState(addInterval),
      move: (direction: -1 | 1) => setState((s) => moveIntervals(s, direction)),
      remove: (key: number) => setState((s) => removeInterval(s, key)),
      toggle: (key: number) => setState((s) => toggleInterval(s, key)),
      setDate: (key: number, day: string) => setState((s) => setIntervalDate(s, key, day)),
      setRegion: (key: number, r: IntervalRegion) => setState((s) => setIntervalRegion(s, key, r)),
      setType: (type: IntervalType) => {
        setState((s) => changeType(s, type));
        setSelected(defaultStatistics(type));
      },
      setRange,
      setTimes,
      setChartType,
      setZoomEnabled: (on: boolean) => {
        setZoomEnabled(on);
        if (!on) setZoom(null);
      },
      resetZoom: () => setZoom(null),
      setZoom,
    }),
    [],
  );
  const clickLegend = useCallback((statistic: Statistic) => setSelected((s) => selectStatistic(s, statistic, several)), [several]);

  return {
    state,
    range,
    times,
    chartType,
    zoomEnabled,
    zoom,
    data,
    loading,
    actions,
    clickLegend,
    shown: shownStatistics(selected, state.type, several),
  };
}

export type CountersController = ReturnType<typeof useCounters>;
