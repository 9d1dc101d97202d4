/** Libraries (stores): list, region tree and edit calls (data-areas §3, §5, §7). */
import { Type, type Static } from 'typebox';
import { Id, IdListText, RequiredText } from './common';
import { ListQuery } from './list';
export * from './values/stores';

/** HH:mm on the hour. */
export const RESET_TIME_PATTERN = '^([01][0-9]|2[0-3]):00$';
/** HH:mm in 5-minute steps. */
export const FIVE_MINUTE_TIME_PATTERN = '^([01][0-9]|2[0-3]):[0-5][05]$';
export const DATE_PATTERN = '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$';

export const Store = Type.Object({
  tid: Type.Integer(),
  code: Type.String(),
  country: Type.String(),
  area: Type.String(),
  province: Type.String(),
  city: Type.String(),
  name: Type.String(),
  address: Type.String(),
  manager: Type.String(),
  managertel: Type.String(),
  capacity: Type.Integer(),
  resetTime: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  timezone: Type.String(),
  expirationDate: Type.String(),
  fieldCode: Type.String(),
  fieldObjectId: Type.String(),
  field1: Type.String(),
  field2: Type.String(),
  field3: Type.String(),
  field4: Type.String(),
  field5: Type.String(),
  field6: Type.String(),
  /** [tid]: lets a store stand in wherever a region's storeIds are expected. */
  storeIds: Type.Array(Type.Integer()),
});
export type Store = Static<typeof Store>;

const Label = Type.String({ maxLength: 100 });

const editableFields = {
  code: RequiredText(50),
  address: RequiredText(),
  manager: RequiredText(),
  /** The contact telephone. */
  managertel: RequiredText(50),
  capacity: Type.Integer({ minimum: 1, maximum: 1000000 }),
  resetTime: Type.String({ pattern: RESET_TIME_PATTERN }),
  startTime: Type.String({ pattern: FIVE_MINUTE_TIME_PATTERN }),
  endTime: Type.String({ pattern: FIVE_MINUTE_TIME_PATTERN }),
  /** IANA time zone name, e.g. Europe/Madrid. */
  timezone: Type.String({ minLength: 1, maxLength: 64 }),
  fieldCode: Label,
  fieldObjectId: Label,
  field1: Label,
  field2: Label,
  field3: Label,
  field4: Label,
  field5: Label,
  field6: Label,
};
const adminFields = {
  country: RequiredText(100),
  area: RequiredText(100),
  province: RequiredText(100),
  city: RequiredText(100),
  name: RequiredText(),
  expirationDate: Type.String({ pattern: DATE_PATTERN }),
};

/** POST /api/stores (admin only). timezone defaults to Europe/Madrid, expirationDate to one year ahead. */
export const CreateStoreBody = Type.Object(
  {
    ...adminFields,
    ...editableFields,
    timezone: Type.Optional(editableFields.timezone),
    expirationDate: Type.Optional(adminFields.expirationDate),
    fieldCode: Type.Optional(Label),
    fieldObjectId: Type.Optional(Label),
    field1: Type.Optional(Label),
    field2: Type.Optional(Label),
    field3: Type.Optional(Label),
    field4: Type.Optional(Label),
    field5: Type.Optional(Label),
    field6: Type.Optional(Label),
  },
  { additionalProperties: false },
);
export type CreateStoreBody = Static<typeof CreateStoreBody>;

/** PUT /api/stores/{storeId}: any subset; admin-only fields may be sent unchanged by others. */
export const UpdateStoreBody = Type.Partial(Type.Object({ ...adminFields, ...editableFields }), {
  additionalProperties: false,
  minProperties: 1,
});
export type UpdateStoreBody = Static<typeof UpdateStoreBody>;

export const StoreIdParams = Type.Object({ storeId: Id }, { additionalProperties: false });
export type StoreIdParams = Static<typeof StoreIdParams>;

/** DELETE /api/stores/{storeId}: the ids comma-separated, at the path position of one library's id. */
export const StoreIdsParams = Type.Object({ storeId: IdListText }, { additionalProperties: false });
export type StoreIdsParams = Static<typeof StoreIdsParams>;

export const DeleteStoresResponse = Type.Object({ ids: Type.Array(Type.Integer()) });

export const REGION_LEVELS = ['area', 'province', 'city', 'name', 'sensor'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];
/** Without levels the tree has the four levels area > province > city > name. */
export const DEFAULT_TREE_LEVELS: readonly RegionLevel[] = ['area', 'province', 'city', 'name'];

/** GET /api/stores: list mode takes the generic list params; mode=tree takes levels ("area,name,sensor"). */
export const StoresQuery = Type.Object(
  {
    ...ListQuery.properties,
    mode: Type.Optional(Type.Union([Type.Literal('list'), Type.Literal('tree')])),
    levels: Type.Optional(Type.String({ pattern: '^(area|province|city|name|sensor)(,(area|province|city|name|sensor)){0,4}$' })),
  },
  { additionalProperties: false },
);
export type StoresQuery = Static<typeof StoresQuery>;

/** A node of the region tree (GET /api/stores?mode=tree). */
export interface RegionNode {
  title: string;
  /** Title path from the root, e.g. "Cataluña / Barcelona / Barcelona / Biblioteca Sant Antoni". */
  fullName: string;
  key: string;
  value: string;
  level: RegionLevel;
  storeIds: number[];
  capacity: number;
  resetTime: string;
  startTime: string;
  endTime: string;
  /** Leaves: the library is past its expiration date. */
  disabled?: boolean;
  children?: RegionNode[];
}

/** The fields of a library that place it in the region tree. */
export interface RegionPath {
  tid: number;
  area: string;
  province: string;
  city: string;
}

/**
 * The region values a library belongs to, one per level: 'area:<area>', 'province:<area>|<province>',
 * 'city:<area>|<province>|<city>', 'store:<tid>'. (The 'name' level's value is 'store:<tid>'; sensors are
 * 'sensor:<sensorId>'.) A user's regions expand to every library whose values include one of them.
 */
export function regionValues(store: RegionPath): string[] {
  return [`area:${store.area}`, `province:${store.area}|${store.province}`, `city:${store.area}|${store.province}|${store.city}`, `store:${store.tid}`];
}
