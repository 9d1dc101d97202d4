import {
  ACCESS_TOKEN_HEADER,
  AVATAR_FIELD,
  AVATAR_MAX_BYTES,
  AvatarResponse,
  CreateUserBody,
  DeleteUsersResponse,
  ERROR_CODES,
  ExistsResponse,
  ListQuery,
  IdListText,
  ListResponse,
  NumUsersResponse,
  PublicTokenResponse,
  UpdateUserBody,
  UpdateUserSettingsBody,
  User,
  UserExistsBody,
  UserIdParams,
  UserSettings,
} from '@portal/contract';
import { Type } from 'typebox';
import type { App } from '../app';
import { badRequest } from '../errors';
import { currentUser } from '../plugins/auth';
import { ERRORS, fileResponse, IMAGE_MEDIA_TYPES } from '../plugins/docs';
import { freshToken } from '../services/auth';
import { readAvatar, removeAvatar, saveAvatar } from '../services/avatars';
import type { Deps } from '../services/context';
import { updateSettings } from '../services/settings';
import { countUsers, createUser, deleteUsers, getUser, listUsers, rotatePublicToken, updateUser, userExists } from '../services/users';

/** DELETE /api/users/{userId}: the ids comma-separated, at the path position of one user's id. */
const UserIdListParams = Type.Object({ userId: IdListText }, { additionalProperties: false });

/** The errors of creating or editing a user (a new password is hashed: 429 when the hashing queue is full). */
const USER_WRITE_ERRORS = {
  ...ERRORS.invalid('EMAIL_REQUIRED, UNKNOWN_REGION, PASSWORD_TOO_SHORT (details: field, minLength), PASSWORD_NOT_ALLOWED'),
  403: 'FORBIDDEN, USER_NO_PRIVILEGES, ROLE_NOT_ALLOWED, PERMISSION_NOT_ALLOWED or FIELD_NOT_EDITABLE',
  ...ERRORS.taken('USER_NAME_EXISTS or EMAIL_EXISTS'),
  429: 'TOO_MANY_ATTEMPTS: the server is busy hashing passwords; try again after Retry-After seconds',
} as const;

export function usersRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/users/numUsers',
    {
      config: { requirement: 'supervisor' },
      schema: { tags: ['users'], summary: 'Number of users the caller manages', response: { 200: NumUsersResponse } },
    },
    (request) => countUsers(deps, currentUser(request)),
  );

  app.get(
    '/api/users',
    {
      config: { requirement: 'supervisor' },
      schema: { tags: ['users'], summary: 'Users the caller manages', querystring: ListQuery, response: { 200: ListResponse(User) } },
    },
    (request) => listUsers(deps, currentUser(request), request.query),
  );

  app.post(
    '/api/users',
    {
      config: { requirement: 'supervisor' },
      schema: { tags: ['users'], summary: 'Create a user', body: CreateUserBody, response: { 200: User }, errors: USER_WRITE_ERRORS },
    },
    (request) => createUser(deps, currentUser(request), request.body),
  );

  app.post(
    '/api/users/exists',
    {
      config: { requirement: 'supervisor' },
      schema: { tags: ['users'], summary: 'Is a user name or email taken by another user?', body: UserExistsBody, response: { 200: ExistsResponse } },
    },
    (request) => userExists(deps, currentUser(request), request.body),
  );

  app.get(
    '/api/users/:userId',
    {
      schema: { tags: ['users'], summary: 'A user (yourself or one you manage)', params: UserIdParams, response: { 200: User } },
    },
    (request) => getUser(deps, currentUser(request), request.params.userId),
  );

  app.put(
    '/api/users/:userId',
    {
      schema: {
        tags: ['users'],
        summary:
          'Edit a user. Your own password needs currentPassword; the answer then carries your new token in x-access-token ' +
          '(password and role changes revoke earlier tokens)',
        params: UserIdParams,
        body: UpdateUserBody,
        response: { 200: User },
        errors: { ...USER_WRITE_ERRORS, 400: `${USER_WRITE_ERRORS[400]}, CURRENT_PASSWORD_REQUIRED`, 403: `${USER_WRITE_ERRORS[403]}, OWN_ROLE_CHANGE` },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const user = await updateUser(deps, actor, request.params.userId, request.body);
      if (request.body.password !== undefined && actor.id === user.tid) {
        const token = await freshToken(deps, actor.id);
        if (token) reply.header(ACCESS_TOKEN_HEADER, token);
      }
      return user;
    },
  );

  app.delete(
    '/api/users/:userId',
    {
      config: { requirement: 'supervisor' },
      schema: {
        tags: ['users'],
        summary: 'Delete users (never admins or supervisors), ids comma-separated',
        params: UserIdListParams,
        response: { 200: DeleteUsersResponse },
        errors: { 403: 'FORBIDDEN (one of the users is not yours or does not exist: none deleted), USER_NOT_DELETABLE (an administrator or supervisor)' },
      },
    },
    (request) => deleteUsers(deps, currentUser(request), request.params.userId),
  );

  app.post(
    '/api/users/:userId/publicToken',
    {
      schema: {
        tags: ['users'],
        summary:
          'Replace the public token of the capacities links of a user (yourself or one you manage): links built on the old ' +
          'token stop working at once; the image-set client URLs keep theirs',
        operationId: 'rotateUserPublicToken',
        params: UserIdParams,
        response: { 200: PublicTokenResponse },
        errors: { 403: 'FORBIDDEN: not yourself nor a user you manage (or no such user: the same answer)' },
      },
    },
    (request) => rotatePublicToken(deps, currentUser(request), request.params.userId, 'token'),
  );

  app.post(
    '/api/users/:userId/imageSetToken',
    {
      schema: {
        tags: ['users'],
        summary:
          'Replace the token of the image-set client URLs of a user (yourself or one you manage): URLs built on the old ' +
          'token stop working at once; the capacities links keep theirs',
        operationId: 'rotateUserImageSetToken',
        params: UserIdParams,
        response: { 200: PublicTokenResponse },
        errors: { 403: 'FORBIDDEN: not yourself nor a user you manage (or no such user: the same answer)' },
      },
    },
    (request) => rotatePublicToken(deps, currentUser(request), request.params.userId, 'image_set_token'),
  );

  app.put(
    '/api/users/:userId/settings',
    {
      schema: {
        tags: ['users'],
        summary: 'Merge and save your own settings; returns the saved settings',
        params: UserIdParams,
        body: UpdateUserSettingsBody,
        response: { 200: UserSettings },
        errors: {
          ...ERRORS.invalid('UNKNOWN_SETTING (details.setting: a key the settings do not have)'),
          403: 'FORBIDDEN: only your own settings',
          413: 'PAYLOAD_TOO_LARGE, or SETTINGS_TOO_LARGE (the saved settings would pass 64 KiB or 50 lists; details say which)',
        },
      },
    },
    (request) => updateSettings(deps.db, currentUser(request), request.params.userId, request.body, deps.config.now()),
  );

  app.post(
    '/api/users/:userId/avatar',
    {
      schema: {
        tags: ['users'],
        summary: `Upload an avatar (multipart field "${AVATAR_FIELD}", PNG/JPEG/GIF/WebP, at most ${AVATAR_MAX_BYTES} bytes)`,
        consumes: ['multipart/form-data'],
        params: UserIdParams,
        response: { 200: AvatarResponse },
        upload: { field: AVATAR_FIELD, description: `A PNG, JPEG, GIF or WebP image (by its content), at most ${AVATAR_MAX_BYTES} bytes` },
        errors: ERRORS.upload(AVATAR_FIELD, 'a PNG, JPEG, GIF or WebP image'),
      },
    },
    (request) =>
      saveAvatar(deps, currentUser(request), request.params.userId, async () => {
        const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
        if (!part || part.fieldname !== AVATAR_FIELD) throw badRequest(ERROR_CODES.INVALID_FILE, `Send the image in the multipart field "${AVATAR_FIELD}"`);
        return part.toBuffer();
      }),
  );

  app.delete(
    '/api/users/:userId/avatar',
    {
      schema: { tags: ['users'], summary: 'Remove the avatar', params: UserIdParams, response: { 200: Type.Object({ avatarUrl: Type.Null() }) } },
    },
    (request) => removeAvatar(deps, currentUser(request), request.params.userId),
  );

  app.get(
    '/api/users/:userId/avatar',
    {
      schema: {
        tags: ['users'],
        summary: 'The avatar image',
        params: UserIdParams,
        querystring: Type.Object(
          { v: Type.Optional(Type.String({ maxLength: 20, description: 'Ignored: avatarUrl carries the upload time here, so a new avatar has a new URL' })) },
          { additionalProperties: false },
        ),
        response: { 200: fileResponse('The image, of the type it was uploaded as', IMAGE_MEDIA_TYPES, false) },
        errors: { 404: 'AVATAR_NOT_FOUND: the user has no avatar' },
      },
    },
    async (request, reply) => {
      const { data, mime } = await readAvatar(deps, currentUser(request), request.params.userId);
      return reply.type(mime).header('cache-control', 'private, no-store').send(data);
    },
  );
}
