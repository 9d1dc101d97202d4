import { Type, type Static } from 'typebox';

export const VersionResponse = Type.Object({ version: Type.String() });
export type VersionResponse = Static<typeof VersionResponse>;
