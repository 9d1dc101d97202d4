/**
 * The OpenAPI document, built from the route schemas: browsable at /api/docs, JSON at /api/docs/json, linted by
 * docs.test.ts with Redocly's recommended rules (packages/server/redocly.yaml says why each rule it turns off does
 * not apply). A route declares what is its own: summary, params, body, its success response (a file's media types
 * with fileResponse), and in `errors` the error statuses only some calls answer. The rest is derived here, for the
 * document only, never changing what a route does:
 * - operationId from the method and the path (operationIdOf), unless the route's schema names one;
 * - the error responses every call of a kind answers, all in the one error shape (components.schemas.ErrorBody):
 *   400 for every /api call (each validates its query string, and its path and body when it has them), 401 and
 *   403 for every call that needs a token, 413 and 415 for every call that takes a body;
 * - `security: []` for the public routes (`config: { public: true }`), which need no token, and the device key
 *   (x-device-key) for the device intake routes (`config: { device: true }`), which take no token and answer no 403;
 * - the schemas many calls share (SHARED) as references to components.schemas;
 * - TypeBox's tuples ([a, b]: items as a list, additionalItems) as OpenAPI 3.0 arrays, which have no tuples.
 */
import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import {
  AddItemsFromBody,
  AdditionalOperation,
  Alarm,
  Catalogue,
  CatalogueItem,
  CompareItem,
  DeletedIds,
  ErrorBody,
  ExistsResponse,
  ExportBody,
  ExportFormat,
  IdListText,
  IdModifications,
  Image,
  ImageSet,
  ImportBody,
  InventoryGroup,
  InventoryItem,
  InventorySection,
  ItemEvent,
  ItemInput,
  ItemsCountResult,
  MAX_LIST_OFFSET,
  SipOperation,
  Store,
  User,
} from '@portal/contract';
import type { App } from '../app';

/** The error statuses a route's `errors` may name. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502;
export type RouteErrors = Partial<Record<ErrorStatus, string>>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * For the OpenAPI document only (not the route's serialization): the error statuses this call answers beyond
     * the derived ones, each with what it means here (its codes of ERROR_CODES). A derived status named here takes
     * this text instead of the general one.
     */
    errors?: RouteErrors;
    /**
     * For the OpenAPI document only: the multipart/form-data body of an upload (`consumes`), which the route reads
     * itself (request.file) rather than validating a body schema: the field of the file and what it takes.
     */
    upload?: { field: string; description: string };
  }
}

/** What each error status means across the API; a route's `errors` text replaces it for that route. */
const ERROR_TEXT: Record<ErrorStatus, string> = {
  400:
    'Invalid input: VALIDATION_ERROR (details: each offending part, path and message), INVALID_JSON, or INPUT_TOO_DEEP ' +
    '(objects and arrays nested more than 64 levels)',
  401: 'No valid access token: TOKEN_MISSING, TOKEN_INVALID or TOKEN_EXPIRED',
  403:
    'Not allowed: USER_NO_PRIVILEGES, or FORBIDDEN (a role or permission missing, or a resource that is not yours or does ' +
    'not exist: the same answer for both)',
  404: 'Not found',
  409: 'Conflict: CONFLICT (the data changed meanwhile; try again)',
  413: "PAYLOAD_TOO_LARGE: the body is over the server's limit",
  415: 'UNSUPPORTED_MEDIA_TYPE: the body is not of the media type this call takes',
  429: 'Too many requests: try again later',
  502: 'Another server failed',
};
const LIST_400 =
  `${ERROR_TEXT[400]}; INVALID_REGEX (a /…/ search that is not a valid, safe regular expression); ` +
  `OFFSET_TOO_LARGE (no page deeper than row ${MAX_LIST_OFFSET}: narrow the search or reverse the order)`;
const LIST_429 = 'TOO_MANY_CONCURRENT: too many of your /…/ searches are waiting for the search worker (SQLite; details: kind, limit)';

// ---- what routes name in their schemas ----

/** The error texts of calls of one kind, for the `errors` of their route schemas. */
export const ERRORS = {
  /** Codes of this call's own on top of the 400 every call answers. */
  invalid: (codes: string): RouteErrors => ({ 400: `${ERROR_TEXT[400]}; ${codes}` }),
  /** A unique name (or code, or code/objectId pair) already taken. */
  taken: (codes: string): RouteErrors => ({ 409: `${codes}: already taken; or CONFLICT (the data changed meanwhile)` }),
  /** Import of an uploaded file (POST …/import). */
  import: {
    400: `${ERROR_TEXT[400]}; IMPORT_FAILED (details: the refused rows, nothing imported), EmptyCodeColumnsMessage, ` + 'INVALID_FILE_NAME, INVALID_FILE',
    404: 'FILE_NOT_FOUND: no such uploaded file (any more): upload it again',
    409: 'IMPORT_CANCELLED (the import was cancelled: nothing imported), NameAlreadyExistsMessage (details.names), or CONFLICT',
    413: 'PAYLOAD_TOO_LARGE, FILE_TOO_LARGE, ARCHIVE_TOO_LARGE or TOO_MANY_ROWS (details.limit)',
    415: 'UNSUPPORTED_MEDIA_TYPE (the body), or INVALID_FILE_TYPE (the uploaded file)',
    429: 'TOO_MANY_CONCURRENT: you already run as many imports, or .xls/.ods reads, as allowed at once (details: kind, limit)',
  } satisfies RouteErrors,
  /** Export of a list as a file (POST and GET …/export). */
  export: {
    400: `${LIST_400}; MAX_XLS_ROWS_EXCEEDED (more rows than an .xlsx holds)`,
    429: 'TOO_MANY_CONCURRENT: you already run as many exports as allowed at once (details: kind, limit)',
  } satisfies RouteErrors,
  /** Add items of another list (POST …/items/{itemId}). */
  addFrom: {
    400: `${ERROR_TEXT[400]}; VALIDATION_ERROR "Unknown source" (details: from, known)`,
    409: 'CONFLICT: the data changed meanwhile; try again',
    429: 'TOO_MANY_CONCURRENT: you already run as many imports, syncs or add-tos as allowed at once (details: kind, limit)',
  } satisfies RouteErrors,
  /** Sync from the list's sync URL (GET …/sync). */
  sync: {
    400: `${ERROR_TEXT[400]}; NO_SYNC_URL, INVALID_URL, URL_NOT_ALLOWED`,
    409: 'CONFLICT: the data changed meanwhile; try again',
    413: 'TOO_MANY_ROWS: the sync URL lists more items than an import takes (details.limit)',
    429: 'TOO_MANY_CONCURRENT: you already run as many imports, syncs or add-tos as allowed at once (details: kind, limit)',
    502: 'SYNC_FAILED: the sync URL could not be read, or does not list usable items (details: the refused items)',
  } satisfies RouteErrors,
  /** A multipart upload of one file (avatar, image set image). */
  upload: (field: string, types: string): RouteErrors => ({
    400: `${ERROR_TEXT[400]}; INVALID_FILE (no file in the multipart field "${field}")`,
    413: 'PAYLOAD_TOO_LARGE or FILE_TOO_LARGE: over the size this call takes',
    415: `UNSUPPORTED_MEDIA_TYPE (not multipart/form-data), or INVALID_FILE_TYPE (the file is not ${types} by its content)`,
  }),
} as const;

/** A success answer that is a file (an export, an image): its media types, the body as bytes. */
export function fileResponse(description: string, mediaTypes: readonly string[], attachment = true) {
  return {
    description,
    ...(attachment ? { headers: { 'content-disposition': { type: 'string', description: 'attachment; filename="…" (the file name to save as)' } } } : {}),
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  };
}

/** The media types of a list export: the format's fileType (csv, txt or xlsx). */
export const EXPORT_MEDIA_TYPES = ['text/csv', 'text/plain', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
/** The images the server keeps (by their content): avatars and image set images. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The 200 answer of every list export. */
export const EXPORT_FILE = fileResponse("The file, in the format's fileType: csv, txt or xlsx", EXPORT_MEDIA_TYPES);

// ---- shared schemas ----

/** Schemas that many calls share, named in components.schemas (the calls refer to them by these names). */
const SHARED: Record<string, object> = {
  ErrorBody,
  ExportBody,
  ImportBody,
  ItemsCountResult,
  ExistsResponse,
  DeletedIds,
  AddItemsFromBody,
  ItemInput,
  ExportFormat,
  User,
  Store,
  Catalogue,
  CatalogueItem,
  InventoryGroup,
  InventorySection,
  InventoryItem,
  CompareItem,
  AdditionalOperation,
  ImageSet,
  Image,
  Alarm,
  SipOperation,
  ItemEvent,
  IdModifications,
};
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A copy of a schema with every SHARED schema in it (itself too unless `keep` names it) replaced by its reference. */
function withRefs(schema: unknown, keep?: string): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const name = Object.keys(SHARED).find((key) => SHARED[key] === schema);
  if (name && name !== keep) return ref(name);
  if (Array.isArray(schema)) return schema.map((s) => withRefs(s));
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withRefs(v)]));
}

// ---- operationId ----

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
/** 'group-intervals' → 'groupIntervals', 'ALL_GROUPS' → 'allGroups', 'portal-config.json' → 'portalConfig'. */
const camel = (segment: string) =>
  segment
    .replace(/\.json$/, '')
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => (w === w.toUpperCase() ? w.toLowerCase() : w))
    .map((w, i) => (i === 0 ? w : upperFirst(w)))
    .join('');
const singular = (word: string) => (word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.endsWith('s') ? word.slice(0, -1) : word);
const isParam = (segment: string) => segment.startsWith(':');

/** A path's segments after /api, without the library context /stores/:storeId of the list routes under it. */
function pathSegments(url: string): string[] {
  let segments = url.split('/').filter(Boolean);
  if (segments[0] === 'api') segments = segments.slice(1);
  if (segments[0] === 'stores' && segments[1] === ':storeId' && segments.length > 2) segments = segments.slice(2);
  return segments;
}

export interface OperationShape {
  /** A GET answering a generic list ({ items, total }). */
  list: boolean;
  /** The last path parameter is a comma-separated id list (IdListText). */
  idList: boolean;
  /** Paths (pathSegments joined) that some route follows with an {id}: a POST there creates one. */
  collections: ReadonlySet<string>;
}

/**
 * A stable, readable operationId from the method and the path (the spec's call names): the path's words after
 * /api, without the library context /stores/{storeId} of the list routes; a word followed by an {id} in the
 * singular (it names one), and a last parameter that follows another one named after itself. The verb: `list` for
 * a GET of a generic list, `get` for another GET, `create` for a POST to a collection, `post` for another POST
 * (a check, an export, an import…), `update` for PUT, `delete`, or `deleteAll` for a DELETE of a whole collection;
 * a DELETE of comma-separated ids keeps the plural. E.g. GET /api/users/{userId} → getUser, POST /api/users →
 * createUser, GET /api/stores/{storeId}/catalogues/{containerId}/items → listCatalogueItems, DELETE
 * /api/stores/{storeId}/catalogues/{containerId} (ids) → deleteCatalogues, POST /api/users/exists →
 * postUsersExists.
 */
export function operationIdOf(method: string, url: string, shape: OperationShape): string {
  const segments = pathSegments(url);
  const lastIndex = segments.length - 1;
  const words: string[] = [];
  segments.forEach((segment, i) => {
    if (isParam(segment)) {
      if (i === lastIndex && i > 0 && isParam(segments[i - 1])) words.push(camel(segment.slice(1).replace(/(Id|Name|Code)$/, '')));
      return;
    }
    const namesOne = i < lastIndex && isParam(segments[i + 1]) && !(shape.idList && i === lastIndex - 1);
    words.push(namesOne ? singular(camel(segment)) : camel(segment));
  });
  const toCollection = !isParam(segments[lastIndex]) && shape.collections.has(segments.join('/'));
  let verb: string;
  switch (method) {
    case 'GET':
      verb = shape.list ? 'list' : 'get';
      break;
    case 'POST':
      verb = toCollection ? 'create' : 'post';
      break;
    case 'PUT':
      verb = 'update';
      break;
    case 'DELETE':
      verb = toCollection ? 'deleteAll' : 'delete';
      break;
    default:
      verb = method.toLowerCase();
  }
  if (verb === 'create') words[words.length - 1] = singular(words[words.length - 1]);
  return verb + words.map(upperFirst).join('');
}

// ---- the document ----

interface RouteSchema {
  operationId?: string;
  security?: unknown;
  querystring?: { properties?: Record<string, unknown> };
  params?: { properties?: Record<string, unknown> };
  body?: unknown;
  consumes?: readonly string[];
  response?: Record<string, unknown>;
  errors?: RouteErrors;
  upload?: { field: string; description: string };
  hide?: boolean;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('ErrorBody') } } });

function isListResponse(schema: unknown): boolean {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties?.items !== undefined && properties.total !== undefined;
}

/**
 * An answer with a description, its status's name unless it has one (the plugin would say 'Default Response'): a
 * reference's beside it, a schema's in x-response-description (the plugin takes it out of the schema).
 */
function described(part: Record<string, unknown>, status: string): Record<string, unknown> {
  if (part.description !== undefined) return part;
  const text = STATUS_CODES[status] ?? 'Answer';
  return part.$ref !== undefined ? { ...part, description: text } : { ...part, 'x-response-description': text };
}

/** The route's schema as the document shows it (a copy: the route's own schema is never changed). */
function documented(route: RouteOptions, schema: RouteSchema, collections: ReadonlySet<string>): RouteSchema {
  const method = Array.isArray(route.method) ? route.method[0] : route.method;
  const isPublic = (route.config as { public?: unknown } | undefined)?.public === true;
  const isDevice = (route.config as { device?: unknown } | undefined)?.device === true;
  const last = route.url.split('/').at(-1) ?? '';
  const idList = isParam(last) && schema.params?.properties?.[last.slice(1)] === IdListText;
  const list = method === 'GET' && isListResponse(schema.response?.[200]);
  const operationId = schema.operationId ?? operationIdOf(method, route.url, { list, idList, collections });

  const derived: ErrorStatus[] = [];
  if (route.url.startsWith('/api/')) derived.push(400);
  if (isDevice) derived.push(401);
  else if (!isPublic) derived.push(401, 403);
  if (schema.body !== undefined || schema.consumes !== undefined) derived.push(413, 415);
  const listQuery = schema.querystring?.properties?.offset !== undefined;
  if (listQuery) derived.push(429);
  const own = Object.keys(schema.errors ?? {}).map(Number) as ErrorStatus[];
  const general = (status: ErrorStatus) => (listQuery && status === 400 ? LIST_400 : listQuery && status === 429 ? LIST_429 : ERROR_TEXT[status]);
  const textOf = (status: ErrorStatus) => schema.errors?.[status] ?? general(status) ?? 'Error';

  const response: Record<string, unknown> = {};
  for (const [status, part] of Object.entries(schema.response ?? {})) {
    if (part === ErrorBody) response[status] = errorResponse(textOf(Number(status) as ErrorStatus));
    else response[status] = described(withRefs(part) as Record<string, unknown>, status);
  }
  for (const status of [...new Set([...derived, ...own])].sort()) response[status] ??= errorResponse(textOf(status));

  const out: RouteSchema = { ...schema, operationId, response };
  delete out.errors;
  delete out.upload;
  if (schema.body !== undefined) out.body = withRefs(schema.body);
  if (schema.upload) {
    const { field, description } = schema.upload;
    out.body = { type: 'object', required: [field], properties: { [field]: { type: 'string', format: 'binary', description } } };
  }
  if (isPublic && schema.security === undefined) out.security = [];
  if (isDevice && schema.security === undefined) out.security = [{ deviceKey: [] }];
  return out;
}

/** TypeBox tuples (items: [a, b], additionalItems: false) as OpenAPI 3.0 arrays of as many items, any of the members. */
function tuplesToArrays(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    node.forEach(tuplesToArrays);
    return;
  }
  const schema = node as Record<string, unknown>;
  if (Array.isArray(schema.items)) {
    const members = (schema.items as unknown[]).map((m) => JSON.stringify(m));
    const distinct = [...new Set(members)].map((m) => JSON.parse(m) as unknown);
    schema.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
    if (schema.additionalItems === false) schema.maxItems ??= members.length;
    delete schema.additionalItems;
  }
  Object.values(schema).forEach(tuplesToArrays);
}

export async function registerDocs(app: App, version: string): Promise<void> {
  // The paths some route follows with an {id}, for operationIdOf: every route is known when the document is built.
  const collections = new Set<string>();
  app.addHook('onRoute', (route) => {
    const segments = pathSegments(route.url);
    segments.forEach((segment, i) => {
      if (i > 0 && isParam(segment) && !isParam(segments[i - 1])) collections.add(segments.slice(0, i).join('/'));
    });
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Library portal API',
        version,
        description:
          'Every call but the public ones needs the header x-access-token (POST /api/auth/signin answers the token); ' +
          'the device intake calls (tag "device intake") take a device key in x-device-key instead. ' +
          'Errors answer { code, message?, details? } (ErrorBody) with the status their code belongs to.',
      },
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' },
          deviceKey: { type: 'apiKey', in: 'header', name: 'x-device-key', description: "A library's device key (Settings → Devices): the intake calls only" },
        },
        schemas: Object.fromEntries(Object.entries(SHARED).map(([name, schema]) => [name, withRefs(schema, name)])) as never,
      },
      security: [{ accessToken: [] }],
    },
    transform: ({ schema, url, route }) => {
      if ((schema as RouteSchema | undefined)?.hide) return { schema, url };
      return { schema: documented(route as RouteOptions, (schema ?? {}) as RouteSchema, collections) as never, url };
    },
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      tuplesToArrays(document);
      return document;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
