/** Users calls (data-areas §7) and their bodies; rules in data-areas §5 and §6. */
import { Type, type Static } from 'typebox';
import { Id, RequiredText } from './common';
export * from './values/users';

const RoleSchema = Type.Union([Type.Literal('user'), Type.Literal('supervisor'), Type.Literal('admin')]);
const FlavorSchema = Type.Union([Type.Literal('{product}'), Type.Literal('LIBTECS'), Type.Literal('DIALOCID')]);
const PermissionSchema = Type.Union([
  Type.Literal('manager'),
  Type.Literal('inventories'),
  Type.Literal('devices'),
  Type.Literal('statistics'),
  Type.Literal('capacity'),
  Type.Literal('alarms'),
  Type.Literal('imagesets'),
]);
/**
 * Array bounds of user bodies: what a real deployment holds. No uniqueItems (its error path is quadratic
 * in the validator): the services deduplicate.
 */
export const USER_ARRAY_LIMITS = { permissions: 7, regions: 5000, storeIds: 10_000 } as const;
const Permissions = Type.Array(PermissionSchema, { maxItems: USER_ARRAY_LIMITS.permissions });
/** Region tree values (see regionValues in ./stores); they expand to storeIds on save. */
const Regions = Type.Array(Type.String({ minLength: 1, maxLength: 600 }), { maxItems: USER_ARRAY_LIMITS.regions });
const StoreIds = Type.Array(Id, { maxItems: USER_ARRAY_LIMITS.storeIds });
const Email = Type.String({ format: 'email', maxLength: 254 });
export const PASSWORD_MAX_LENGTH = 1024;
const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, pattern: '\\S' });

/** A user as the API returns it. */
export const User = Type.Object({
  tid: Type.Integer(),
  userName: Type.String(),
  fullName: Type.String(),
  address: Type.String(),
  telephone: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  flavor: Type.String(),
  role: Type.String(),
  permissions: Type.Array(Type.String()),
  regions: Type.Array(Type.String()),
  storeIds: Type.Array(Type.Integer()),
  /** Public token for the capacities links. */
  token: Type.String(),
  /** Public token of the image-set client URLs (self-check stations), apart from the capacities one. */
  imageSetToken: Type.String(),
  parent: Type.Union([Type.Object({ userName: Type.String() }), Type.Null()]),
  /** GET it with the x-access-token header (e.g. as a blob); null when the user has no avatar. */
  avatarUrl: Type.Union([Type.String(), Type.Null()]),
  avatarUpdatedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type User = Static<typeof User>;

/** POST /api/users. Email is required unless role is admin; role admin saves empty permissions. */
export const CreateUserBody = Type.Object(
  {
    userName: RequiredText(100),
    fullName: RequiredText(),
    address: RequiredText(),
    telephone: RequiredText(50),
    email: Type.Optional(Type.Union([Email, Type.Null(), Type.Literal('')])),
    flavor: Type.Optional(FlavorSchema),
    role: RoleSchema,
    permissions: Permissions,
    regions: Type.Optional(Regions),
    storeIds: Type.Optional(StoreIds),
    password: Password,
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/**
 * PUT /api/users/{userId}: any subset of the fields; password only when changing it. Changing one's OWN
 * password also needs currentPassword (400 CURRENT_PASSWORD_REQUIRED without it, 403 INVALID_PASSWORD when
 * wrong); an admin or supervisor setting another user's password does not send it.
 */
export const UpdateUserBody = Type.Object(
  {
    userName: Type.Optional(RequiredText(100)),
    fullName: Type.Optional(RequiredText()),
    address: Type.Optional(RequiredText()),
    telephone: Type.Optional(RequiredText(50)),
    email: Type.Optional(Type.Union([Email, Type.Null(), Type.Literal('')])),
    flavor: Type.Optional(FlavorSchema),
    role: Type.Optional(RoleSchema),
    permissions: Type.Optional(Permissions),
    regions: Type.Optional(Regions),
    storeIds: Type.Optional(StoreIds),
    password: Type.Optional(Password),
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const UserIdParams = Type.Object({ userId: Id }, { additionalProperties: false });
export type UserIdParams = Static<typeof UserIdParams>;

/** DELETE /api/users/{ids}: comma-separated ids. */
export const UserIdsParams = Type.Object({ ids: Type.String({ pattern: '^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,999}$' }) }, { additionalProperties: false });
export type UserIdsParams = Static<typeof UserIdsParams>;

export const DeleteUsersResponse = Type.Object({ ids: Type.Array(Type.Integer()) });
export type DeleteUsersResponse = Static<typeof DeleteUsersResponse>;

export const NumUsersResponse = Type.Object({ numUsers: Type.Integer() });
export type NumUsersResponse = Static<typeof NumUsersResponse>;

/** POST /api/users/exists: is userName or email taken by a user other than userId? */
export const UserExistsBody = Type.Object(
  {
    userId: Type.Optional(Type.Union([Id, Type.Null()])),
    userName: Type.Optional(Type.String({ maxLength: 100 })),
    email: Type.Optional(Type.String({ maxLength: 254 })),
  },
  { additionalProperties: false },
);
export type UserExistsBody = Static<typeof UserExistsBody>;

/** POST /api/users/{userId}/publicToken or /imageSetToken: the user's new token of that kind (the old one stops working at once). */
export const PublicTokenResponse = Type.Object({ token: Type.String() });
export type PublicTokenResponse = Static<typeof PublicTokenResponse>;

export const AvatarResponse = Type.Object({ avatarUrl: Type.String() });
export type AvatarResponse = Static<typeof AvatarResponse>;

/** The multipart field of POST /api/users/{userId}/avatar. */
export const AVATAR_FIELD = 'avatar';
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
