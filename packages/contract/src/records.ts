/**
 * Counters statistics calls (data-areas §7 "Counters"): POST /api/records/group-intervals (day),
 * /group-days (week and month), /group-months (year) and /export. Dates are the library's wall clock
 * (`YYYY-MM-DD HH:mm:ss`), as records are stored.
 */
import { Type, type Static } from 'typebox';
import { Id } from './common';
import { MAX_INTERVALS } from './values/records';
export * from './values/records';

/** data-areas §7: the earliest reset time of the chosen regions; without one the count never resets in a day. */
export const DEFAULT_RECORDS_RESET_TIME = '23:59';

export const LOCAL_DATE_TIME_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$';
const TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
export const RecordsDateTime = Type.String({ pattern: LOCAL_DATE_TIME_PATTERN });
export const RecordsTime = Type.String({ pattern: TIME_PATTERN });

/** One interval of the chart as the server needs it: libraries, wall-clock range, region value. */
export const RecordsInterval = Type.Object(
  {
    storeIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }), // no uniqueItems: quadratic; duplicates are harmless
    startDate: RecordsDateTime,
    endDate: RecordsDateTime,
    /** Region tree value: 'area:…', 'store:<id>', 'sensor:<id>' … A sensor region counts that sensor only. */
    region: Type.Optional(Type.String({ maxLength: 600 })),
  },
  { additionalProperties: false },
);
export type RecordsInterval = Static<typeof RecordsInterval>;

export const RecordsBody = Type.Object(
  {
    intervals: Type.Array(RecordsInterval, { minItems: 1, maxItems: MAX_INTERVALS }),
    /** Day only: bucket minutes. */
    intervalRange: Type.Optional(Type.Union([Type.Literal(5), Type.Literal(15), Type.Literal(30), Type.Literal(60)])),
    /** Week, month, year: the time of day counted, [from, to] `HH:mm` (to inclusive of its slot start). */
    intervalTimes: Type.Optional(Type.Tuple([RecordsTime, RecordsTime])),
    /** HH:mm at which "inside" returns to 0 each day. */
    resetTime: Type.Optional(RecordsTime),
  },
  { additionalProperties: false },
);
export type RecordsBody = Static<typeof RecordsBody>;

/** Day rows (group-intervals): one per bucket start. */
export const DayRecordRow = Type.Object({
  date: Type.String(),
  countIn: Type.Number(),
  countOut: Type.Number(),
  inside: Type.Number(),
});
export type DayRecordRow = Static<typeof DayRecordRow>;

/** Week/month rows (group-days, date YYYY-MM-DD) and year rows (group-months, date YYYY-MM). */
export const PeriodRecordRow = Type.Object({
  date: Type.String(),
  total_in: Type.Number(),
  total_out: Type.Number(),
  max_inside: Type.Number(),
  avg_inside: Type.Number(),
  /** Minutes an average visitor stays (avg inside × minutes counted ÷ visitors in). */
  avg_time_person: Type.Number(),
});
export type PeriodRecordRow = Static<typeof PeriodRecordRow>;

export const RecordsSummary = Type.Object({
  totalIn: Type.Number(),
  totalOut: Type.Number(),
  maxInside: Type.Number(),
  /** The region's capacity (libraries summed, or the sensor's). */
  capacity: Type.Number(),
  /** True when the region is a sensor: the summary shows no Max. Inside / capacity. */
  sensor: Type.Boolean(),
});
export type RecordsSummary = Static<typeof RecordsSummary>;

/** group-intervals answers day rows, group-days and group-months period rows; in the order asked. */
export const RecordsResponse = Type.Object({
  intervals: Type.Array(Type.Object({ data: Type.Array(Type.Union([DayRecordRow, PeriodRecordRow])), summary: RecordsSummary })),
});
export type RecordsResponse = Static<typeof RecordsResponse>;
export type RecordRow = DayRecordRow | PeriodRecordRow;
export interface IntervalRecords<R extends RecordRow = RecordRow> {
  data: R[];
  summary: RecordsSummary;
}

export const EXPORT_MODES = ['complete', 'zoom'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];

/** POST /api/records/export: the chart's intervals written to a styled .xlsx. */
export const RecordsExportBody = Type.Object(
  {
    ...RecordsBody.properties,
    fileName: Type.Optional(Type.String({ maxLength: 200 })),
    intervalType: Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]),
    exportMode: Type.Union([Type.Literal('complete'), Type.Literal('zoom')]),
    /** Zoom mode: the visible part of the chart, as positions in each interval's rows [from, to] (inclusive). */
    zoom: Type.Optional(Type.Tuple([Type.Integer({ minimum: 0, maximum: 100000 }), Type.Integer({ minimum: 0, maximum: 100000 })])),
    /** Column titles in the user's language; keys are the row fields. */
    titles: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 100 }), { maxProperties: 20 })),
    /**
     * Sheet titles, one per interval: its region as the page names it. The server numbers each sheet and ends
     * its name with the interval's period (2024-03-31, 2024-03, 2024), cutting the title to keep Excel's 31 characters.
     */
    sheetNames: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: MAX_INTERVALS })),
  },
  { additionalProperties: false },
);
export type RecordsExportBody = Static<typeof RecordsExportBody>;
