/** ID modifications: GET/PUT /api/idModifications and POST /api/idModifications/test (data-areas §3, §7, §8). */
import { Type, type Static } from 'typebox';
import { ID_SCRIPT_MAX_LENGTH } from './values/idModifications';
export * from './values/idModifications';

const Script = Type.String({ maxLength: ID_SCRIPT_MAX_LENGTH });

/** Each script is the body of `function (id) { … }` returning the new id; empty keeps ids as they are. */
export const IdModifications = Type.Object(
  {
    storeId: Type.Integer({ minimum: 1 }),
    catalogueItemsModification: Script,
    inventoryItemsModification: Script,
  },
  { additionalProperties: false },
);
export type IdModifications = Static<typeof IdModifications>;

export const IdModificationsQuery = Type.Object({ storeId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export type IdModificationsQuery = Static<typeof IdModificationsQuery>;

export const TestIdScriptBody = Type.Object(
  {
    script: Script,
    id: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type TestIdScriptBody = Static<typeof TestIdScriptBody>;

/** The new id, or the script's error. */
export const TestIdScriptResponse = Type.Union([
  Type.Object({ result: Type.String() }, { additionalProperties: false }),
  Type.Object({ error: Type.String() }, { additionalProperties: false }),
]);
export type TestIdScriptResponse = Static<typeof TestIdScriptResponse>;
