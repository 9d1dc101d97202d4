/** Temporary files and the sync URL check (data-areas §7 misc). Needs a signed-in user; files are per user. */
import { Type } from 'typebox';
import {
  CheckSyncUrlQuery,
  CheckSyncUrlResponse,
  DeleteFileBody,
  ERROR_CODES,
  ImportSheet,
  ReadFileBody,
  UPLOAD_FIELD,
  UploadResponse,
} from '@portal/contract';
import type { App } from '../app';
import { badRequest } from '../errors';
import { currentUser } from '../plugins/auth';
import { ERRORS } from '../plugins/docs';
import { deleteFile, readFile, startSweep, uploadFile, type FilesDeps } from '../services/files';
import { addressPolicy, urlIsReachable } from '../services/outbound';

export function miscFilesRoutes(app: App, deps: FilesDeps): void {
  const stopSweep = startSweep(deps, (e) => app.log.warn({ err: e }, 'temporary file sweep failed'));
  app.addHook('onClose', async () => stopSweep());
  const policy = addressPolicy(deps.lists.syncAllowList);

  app.post(
    '/api/misc/upload',
    {
      schema: {
        tags: ['misc'],
        summary: `Upload a file to import (multipart field "${UPLOAD_FIELD}": csv, txt, xlsx or json, at most ${deps.lists.maxUploadBytes} bytes); answers its temporary name`,
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse },
        upload: { field: UPLOAD_FIELD, description: `A csv, txt, xlsx or json file, at most ${deps.lists.maxUploadBytes} bytes` },
        errors: {
          ...ERRORS.upload(UPLOAD_FIELD, 'csv, txt, xlsx or json'),
          413: 'PAYLOAD_TOO_LARGE, FILE_TOO_LARGE, or TEMP_QUOTA_EXCEEDED (your pending uploads: import or delete them first)',
          429: 'TOO_MANY_CONCURRENT: you already run as many uploads as allowed at once (details: kind, limit)',
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // One byte over the cap reaches the upload's own counter, which refuses the file (busboy would only truncate it).
      const part = await request.file({ limits: { fileSize: deps.lists.maxUploadBytes + 1, files: 1, fields: 10, parts: 11 } });
      if (!part || part.fieldname !== UPLOAD_FIELD) throw badRequest(ERROR_CODES.INVALID_FILE, `Send the file in the multipart field "${UPLOAD_FIELD}"`);
      return uploadFile(deps, user, part.filename ?? 'file', part.file);
    },
  );

  app.post(
    '/api/misc/readFile',
    {
      schema: {
        tags: ['misc'],
        summary: 'The sheets of an uploaded file: name, first rows, item count',
        body: ReadFileBody,
        response: { 200: Type.Array(ImportSheet) },
        errors: {
          400: ERRORS.import[400],
          404: ERRORS.import[404],
          413: ERRORS.import[413],
          415: ERRORS.import[415],
          429: 'TOO_MANY_CONCURRENT: an .xls or .ods is parsed one at a time per user, a few waiting (details: kind "workbook read", limit)',
        },
      },
    },
    (request) => readFile(deps, currentUser(request), request.body.fileName, request.body.format),
  );

  app.post(
    '/api/misc/deleteFile',
    {
      schema: {
        tags: ['misc'],
        summary: 'Delete an uploaded file that will not be imported',
        body: DeleteFileBody,
        response: { 200: Type.Object({ deleted: Type.Boolean() }) },
        errors: ERRORS.invalid('INVALID_FILE_NAME (not a name the upload answered)'),
      },
    },
    (request) => deleteFile(deps, currentUser(request), request.body.fileName),
  );

  app.get(
    '/api/misc/checkSyncURL',
    {
      schema: {
        tags: ['misc'],
        summary: 'Is this a usable sync URL (http/https, resolving to allowed addresses)?',
        querystring: CheckSyncUrlQuery,
        response: { 200: CheckSyncUrlResponse },
      },
    },
    async (request) => {
      currentUser(request);
      return { valid: await urlIsReachable(request.query.url, policy) };
    },
  );
}
