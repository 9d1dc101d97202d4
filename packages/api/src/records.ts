/** Counters calls (data-areas §7): POST /api/records/group-intervals|group-days|group-months and /export. */
import type { IntervalType, RecordsBody, RecordsExportBody, RecordsResponse } from '@portal/contract';
import { api } from './client';
import { downloadFile } from './download';

export type { RecordsBody, RecordsExportBody, RecordsResponse };

/** Which call serves an interval type: day in buckets, week and month by day, year by month. */
export const RECORDS_CALL: Record<IntervalType, 'group-intervals' | 'group-days' | 'group-months'> = {
  day: 'group-intervals',
  week: 'group-days',
  month: 'group-days',
  year: 'group-months',
};

export function getRecords(intervalType: IntervalType, body: RecordsBody): Promise<RecordsResponse> {
  return api.post<RecordsResponse, RecordsResponse>(`/api/records/${RECORDS_CALL[intervalType]}`, body);
}

/** The chart's intervals as a styled .xlsx saved as '{fileName or export}.xlsx'. */
export function exportRecords(body: RecordsExportBody): Promise<void> {
  return downloadFile('/api/records/export', body, `${body.fileName?.trim() || 'export'}.xlsx`);
}
