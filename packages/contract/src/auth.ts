import { Type, type Static } from 'typebox';
import { UserSettings } from './settings';

export const SignInBody = Type.Object(
  {
    userName: Type.String({ minLength: 1, maxLength: 255 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);
export type SignInBody = Static<typeof SignInBody>;

/** POST /api/auth/signin answer (access-shell-dashboard §3 "Sign-in response fields read"). */
export const SignInResponse = Type.Object({
  /** Signed access token: send it as the x-access-token header. */
  token: Type.String(),
  userId: Type.Integer(),
  userFullName: Type.String(),
  userFlavor: Type.String(),
  /** The user's public token (capacities links /capacities/{userToken}). */
  userToken: Type.String(),
  role: Type.String(),
  permissions: Type.Array(Type.String()),
  settings: UserSettings,
  /** Libraries the user reaches (admin: every library). */
  storeIds: Type.Array(Type.Integer()),
  /** Seconds until the token expires. */
  expiresIn: Type.Integer(),
  /** The user's avatar (GET it with the x-access-token header); null when the user has none, so nothing is asked. */
  avatarUrl: Type.Union([Type.String(), Type.Null()]),
});
export type SignInResponse = Static<typeof SignInResponse>;

/** The header carrying the access token on every other /api call. */
export const ACCESS_TOKEN_HEADER = 'x-access-token';
