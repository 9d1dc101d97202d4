import type { Kysely } from 'kysely';
import { DEFAULT_EXPORT_FORMAT, type ExportFormat, type PutFormatBody } from '@portal/contract';
import type { Database } from '../db/schema';
import { findFormat, saveFormat } from '../queries/settings';

export async function readFormat(db: Kysely<Database>, userId: number): Promise<ExportFormat> {
  const row = await findFormat(db, userId);
  if (!row) return { ...DEFAULT_EXPORT_FORMAT };
  return {
    fileType: row.file_type,
    firstRowHeader: row.first_row_header === 1,
    dateFormat: row.date_format,
    codePrefix: row.code_prefix,
    codeSuffix: row.code_suffix,
    separator: row.separator,
    otherSeparator: row.other_separator,
  };
}

/** Replaces the user's format; absent texts are stored as ''. */
export async function writeFormat(db: Kysely<Database>, userId: number, body: PutFormatBody, now: Date): Promise<ExportFormat> {
  await saveFormat(db, {
    user_id: userId,
    file_type: body.fileType,
    first_row_header: body.firstRowHeader ? 1 : 0,
    date_format: body.dateFormat,
    code_prefix: body.codePrefix ?? '',
    code_suffix: body.codeSuffix ?? '',
    separator: body.separator,
    other_separator: body.otherSeparator ?? '',
    updated_at: now.toISOString(),
  });
  return readFormat(db, userId);
}
