import { useMemo, useRef } from 'react';
import type { ShownSection } from '../model/firstCalls';
import type { SummaryData, SummarySource } from '../model/sources';
import { isWeeklyChart } from '../model/types';
import type { DashboardData } from './useDashboardData';

/** A section's share of the summary: the answers and failures of its own widgets' sources. */
export type SectionData = Pick<DashboardData, 'data' | 'failed'>;

function sliceOf(sources: readonly SummarySource[], summary: DashboardData): SectionData {
  const data: Partial<Record<SummarySource, unknown>> = {};
  const failed = new Set<SummarySource>();
  for (const source of sources) {
    if (source in summary.data) data[source] = summary.data[source];
    if (summary.failed.has(source)) failed.add(source);
  }
  return { data: data as Partial<SummaryData>, failed };
}

function same(a: SectionData, b: SectionData): boolean {
  const keys = Object.keys(a.data) as SummarySource[];
  return (
    keys.length === Object.keys(b.data).length &&
    keys.every((key) => a.data[key] === b.data[key]) &&
    a.failed.size === b.failed.size &&
    [...a.failed].every((source) => b.failed.has(source))
  );
}

/**
 * Each section's share of the summary, by section key: the same object as long as none of its sources answered or
 * failed, so a memoised section renders only when its own data arrives, not for another section's answer.
 */
export function useSectionData(sections: readonly ShownSection[], summary: DashboardData): Record<string, SectionData> {
  const kept = useRef(new Map<string, SectionData>());
  return useMemo(() => {
    const slices: Record<string, SectionData> = {};
    for (const { section, widgets } of sections) {
      const next = sliceOf(
        widgets.flatMap((widget) => (isWeeklyChart(widget) ? [] : [widget.source])),
        summary,
      );
      const previous = kept.current.get(section.key);
      slices[section.key] = previous && same(previous, next) ? previous : next;
      kept.current.set(section.key, slices[section.key]);
    }
    return slices;
  }, [sections, summary]);
}
