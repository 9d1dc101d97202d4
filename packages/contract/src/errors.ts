import { Type, type Static } from 'typebox';
export * from './values/errors';

/** Every error response body of the API. */
export const ErrorBody = Type.Object(
  {
    code: Type.String(),
    message: Type.Optional(Type.String()),
    details: Type.Optional(Type.Unknown()),
  },
  { $id: 'ErrorBody' },
);
export type ErrorBody = Static<typeof ErrorBody>;
