/** Error codes, without schemas: the browser's entry (../browser.ts) exports them without loading typebox. */

/** Error codes the server answers with (status in comments). */
export const ERROR_CODES = {
  // 400
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  /** A request whose objects and arrays nest more than 64 levels deep (details: { maxDepth }). */
  INPUT_TOO_DEEP: 'INPUT_TOO_DEEP',
  EMAIL_REQUIRED: 'EMAIL_REQUIRED',
  UNKNOWN_REGION: 'UNKNOWN_REGION',
  INVALID_FILE: 'INVALID_FILE',
  /** An image whose header declares more than the allowed pixels per side or in all (image sets; details: width, height, maxSide, maxPixels). */
  IMAGE_DIMENSIONS_TOO_LARGE: 'IMAGE_DIMENSIONS_TOO_LARGE',
  /** Lists: a '/…/' search that is not a valid, safe regular expression (or takes too long). */
  INVALID_REGEX: 'INVALID_REGEX',
  /** xlsx export above Excel's row limit (header included). */
  MAX_XLS_ROWS_EXCEEDED: 'MAX_XLS_ROWS_EXCEEDED',
  /** Items: with an objectId column, code or objectId is required (data-areas §5). */
  AT_LEAST_ONE_CODE: 'AtLeastOneCodeMessage',
  /** Items: without an objectId column, code is required. */
  CODE_REQUIRED: 'CODE_REQUIRED',
  /** Sync URL that is not an http(s) URL (shown as 'Invalid URL'). */
  INVALID_URL: 'INVALID_URL',
  /** Sync URL resolving to a loopback, private or otherwise non-public address. */
  URL_NOT_ALLOWED: 'URL_NOT_ALLOWED',
  /** Sync asked for a list without a sync URL. */
  NO_SYNC_URL: 'NO_SYNC_URL',
  /** Import refused: the mapped code and objectId columns are empty on every row of a sheet that has rows (details: { sheet }). */
  EMPTY_CODE_COLUMNS: 'EmptyCodeColumnsMessage',
  /** Import refused: details lists the rows ({sheet,row,code,field}); nothing was imported. */
  IMPORT_FAILED: 'IMPORT_FAILED',
  /** A new password shorter than PASSWORD_MIN_LENGTH (details: { field: 'password', minLength }). */
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  /** Changing one's own password without currentPassword. */
  CURRENT_PASSWORD_REQUIRED: 'CURRENT_PASSWORD_REQUIRED',
  /** A new password that is one of the demo accounts' passwords, outside demo mode. */
  PASSWORD_NOT_ALLOWED: 'PASSWORD_NOT_ALLOWED',
  /** A temporary file name that is not one the server generated. */
  INVALID_FILE_NAME: 'INVALID_FILE_NAME',
  /** ID modifications: a script that fails its test run on the example id (message: the script's error). */
  SCRIPT_ERROR: 'SCRIPT_ERROR',
  /** User settings: a dashboardItems key that is not a dashboard section, or a visibleColumns key that is not a list name (details: { setting }). */
  UNKNOWN_SETTING: 'UNKNOWN_SETTING',
  // 401 (sign-in and tokens)
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  TOKEN_MISSING: 'TOKEN_MISSING',
  TOKEN_INVALID: 'TOKEN_INVALID',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  /** Device intake without an x-device-key header. */
  DEVICE_KEY_MISSING: 'DEVICE_KEY_MISSING',
  /** Device intake with a key that is unknown or revoked. */
  DEVICE_KEY_INVALID: 'DEVICE_KEY_INVALID',
  // 403
  USER_NO_PRIVILEGES: 'USER_NO_PRIVILEGES',
  /** Missing permission, or a resource that is not yours or does not exist (same answer for both). */
  FORBIDDEN: 'FORBIDDEN',
  ROLE_NOT_ALLOWED: 'ROLE_NOT_ALLOWED',
  OWN_ROLE_CHANGE: 'OWN_ROLE_CHANGE',
  PERMISSION_NOT_ALLOWED: 'PERMISSION_NOT_ALLOWED',
  FIELD_NOT_EDITABLE: 'FIELD_NOT_EDITABLE',
  USER_NOT_DELETABLE: 'USER_NOT_DELETABLE',
  // 404
  NOT_FOUND: 'NOT_FOUND',
  AVATAR_NOT_FOUND: 'AVATAR_NOT_FOUND',
  /** A temporary file that does not exist (any more) or is not yours. */
  FILE_NOT_FOUND: 'FILE_NOT_FOUND',
  /** Public displays: a capacities token no user holds (unknown, mistyped or replaced). */
  CAPACITY_TOKEN_UNKNOWN: 'CAPACITY_TOKEN_UNKNOWN',
  /** Public displays: a library code that does not exist, or (capacities) that the token's user does not hold. */
  STORE_CODE_UNKNOWN: 'STORE_CODE_UNKNOWN',
  /** A list offset above MAX_LIST_OFFSET. */
  OFFSET_TOO_LARGE: 'OFFSET_TOO_LARGE',
  // 405
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  // 409
  USER_NAME_EXISTS: 'USER_NAME_EXISTS',
  EMAIL_EXISTS: 'EMAIL_EXISTS',
  STORE_CODE_EXISTS: 'STORE_CODE_EXISTS',
  /** Catalogue/search list name taken in the library (data-areas §5). */
  NAME_ALREADY_EXISTS: 'NameAlreadyExistsMessage',
  /** Item code/objectId pair taken in its list (data-areas §5). */
  ALREADY_EXISTS: 'AlreadyExists',
  /** Inventory group named 'Ungrouped' (any case): the name of the virtual group of ungrouped sections (400). */
  NOT_VALID_NAME: 'NotValidNameMessage',
  /** A concurrent change won (unique or reference constraint). */
  CONFLICT: 'CONFLICT',
  /** Deleting a sensor that has people-counter records: retire it instead (PUT { retired: true }). */
  SENSOR_HAS_RECORDS: 'SENSOR_HAS_RECORDS',
  /** An import stopped by its client (request closed) or by deleting its file (the Import modal's Cancel): nothing imported. */
  IMPORT_CANCELLED: 'IMPORT_CANCELLED',
  // 413
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  /** An xlsx (zip) whose entries unpack past the size or compression-ratio caps (a zip bomb). */
  ARCHIVE_TOO_LARGE: 'ARCHIVE_TOO_LARGE',
  /** A file or sync payload with more rows than the import row cap. */
  TOO_MANY_ROWS: 'TOO_MANY_ROWS',
  /** A device intake batch with more rows than MAX_INTAKE_ROWS; nothing stored (details: { maxRows }). */
  BATCH_TOO_LARGE: 'BATCH_TOO_LARGE',
  /** The user's temporary files would exceed their quota; delete or import the pending ones first. */
  TEMP_QUOTA_EXCEEDED: 'TEMP_QUOTA_EXCEEDED',
  /** User settings that would take more than MAX_SETTINGS_BYTES, or hold more than MAX_SETTINGS_LISTS lists; nothing saved. */
  SETTINGS_TOO_LARGE: 'SETTINGS_TOO_LARGE',
  /** The user's image-set images would exceed their storage quota; nothing stored (details: maxBytes, usedBytes). */
  IMAGE_QUOTA_EXCEEDED: 'IMAGE_QUOTA_EXCEEDED',
  // 415
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  INVALID_FILE_TYPE: 'INVALID_FILE_TYPE',
  // 502
  /** The sync URL could not be fetched or its content is not a list of items. */
  SYNC_FAILED: 'SYNC_FAILED',
  // 429
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  /** The user already runs as many uploads, imports, syncs or exports as allowed at once. */
  TOO_MANY_CONCURRENT: 'TOO_MANY_CONCURRENT',
  /** A device key sending faster than its rate limit; retry after the Retry-After header's seconds. */
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  // 500
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
