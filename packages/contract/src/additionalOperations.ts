/**
 * Additional operations of an inventory group (data-areas §2 Additional operations page, §3 AdditionalOperation,
 * §5, §7) under /api/stores/{storeId}/inventoryGroups/{inventoryGroupId}/additionalOperations.
 */
import { Type, type Static } from 'typebox';
import { Id, IdListText, RequiredText } from './common';
import { GroupIdText } from './inventories';
import { ITEM_TEXT_MAX } from './lists';

export const HTTP_METHODS = ['POST', 'PUT', 'DELETE'] as const;
export type AdditionalOperationMethod = (typeof HTTP_METHODS)[number];
export const OPERATION_URL_MAX = 2048;
/** Keys a params object may hold. */
export const OPERATION_PARAMS_MAX = 50;

const Method = Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE')]);
const Params = Type.Record(Type.String({ minLength: 1, maxLength: 100 }), Type.String({ maxLength: 1000 }), { maxProperties: OPERATION_PARAMS_MAX });

export const AdditionalOperation = Type.Object({
  tid: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  method: Method,
  attachData: Type.Boolean(),
  params: Type.Record(Type.String(), Type.String()),
  groupId: Type.Union([Type.Integer(), Type.Literal('UNGROUPED')]),
});
export type AdditionalOperation = Static<typeof AdditionalOperation>;

export const AdditionalOperationInput = Type.Object(
  {
    name: RequiredText(ITEM_TEXT_MAX),
    url: RequiredText(OPERATION_URL_MAX),
    method: Type.Optional(Method),
    attachData: Type.Optional(Type.Boolean()),
    params: Type.Optional(Type.Union([Params, Type.Null()])),
  },
  { additionalProperties: false },
);
export type AdditionalOperationInput = Static<typeof AdditionalOperationInput>;

/** POST …/additionalOperations/exists: is `name` taken in the group by another operation? */
export const AdditionalOperationExistsBody = Type.Object(
  {
    name: Type.String({ maxLength: ITEM_TEXT_MAX }),
    groupId: Type.Optional(Type.Union([Id, Type.String({ maxLength: 20 }), Type.Null()])),
    additionalOperationId: Type.Optional(Type.Union([Id, Type.Null()])),
  },
  { additionalProperties: false },
);
export type AdditionalOperationExistsBody = Static<typeof AdditionalOperationExistsBody>;

export const AdditionalOperationParams = Type.Object({ storeId: Id, groupId: GroupIdText }, { additionalProperties: false });
export const AdditionalOperationIdParams = Type.Object({ storeId: Id, groupId: GroupIdText, operationId: Id }, { additionalProperties: false });
export const AdditionalOperationIdsParams = Type.Object({ storeId: Id, groupId: GroupIdText, operationId: IdListText }, { additionalProperties: false });
