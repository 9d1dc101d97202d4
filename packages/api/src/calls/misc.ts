import { api } from '../client';
import type { ExportFormat, ExportFormatInput, VersionResponse } from '../types';

/** GET /api/misc/version */
export function getVersion(): Promise<VersionResponse> {
  return api.get('/api/misc/version');
}

/** GET /api/format: read when the Format or export dialog opens. */
export function getFormat(): Promise<ExportFormat> {
  return api.get('/api/format');
}

/** PUT /api/format: an absent otherSeparator is sent as empty text (spec §7). */
export function putFormat(format: ExportFormatInput): Promise<ExportFormat> {
  return api.put('/api/format', { ...format, otherSeparator: format.otherSeparator ?? '' });
}
