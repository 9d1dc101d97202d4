import { encodeListParams } from '@portal/contract';
import { api } from '../client';
import type {
  AvatarResponse,
  DeleteUsersResponse,
  ListParams,
  ListResponse,
  NumUsersResponse,
  PublicTokenResponse,
  User,
  UserExistsRequest,
  UserInput,
  UserSettings,
  UserSettingsUpdate,
  UserUpdate,
} from '../types';

/** PUT /api/users/{userId}/settings with {settings}; the server merges and returns the whole saved settings. */
export function updateUserSettings(userId: number, settings: UserSettingsUpdate): Promise<UserSettings> {
  return api.put<UserSettings>(`/api/users/${userId}/settings`, { settings });
}

export function getNumUsers(): Promise<NumUsersResponse> {
  return api.get('/api/users/numUsers');
}

export function getUsers(params: ListParams = {}): Promise<ListResponse<User>> {
  return api.get('/api/users', { params: encodeListParams(params) });
}

export function getUser(id: number): Promise<User> {
  return api.get(`/api/users/${id}`);
}

export function createUser(user: UserInput): Promise<User> {
  return api.post('/api/users', user);
}

export function updateUser(id: number, user: UserUpdate): Promise<User> {
  return api.put(`/api/users/${id}`, user);
}

/** DELETE /api/users/{ids}: ids comma-joined. */
export function deleteUsers(ids: readonly number[]): Promise<DeleteUsersResponse> {
  return api.delete(`/api/users/${ids.join(',')}`);
}

/** POST /api/users/exists: is userName or email taken by a user other than userId? */
export function userExists(body: UserExistsRequest): Promise<{ exists: boolean }> {
  return api.post('/api/users/exists', body);
}

/** POST /api/users/{id}/publicToken: a new capacities token; links built on the old one stop working at once. */
export function rotatePublicToken(id: number): Promise<PublicTokenResponse> {
  return api.post(`/api/users/${id}/publicToken`);
}

/** POST /api/users/{id}/imageSetToken: a new token for the image-set client URLs; the old URLs stop working at once. */
export function rotateImageSetToken(id: number): Promise<PublicTokenResponse> {
  return api.post(`/api/users/${id}/imageSetToken`);
}

/** POST /api/users/{id}/avatar, multipart field `avatar`; returns avatarUrl. */
export function uploadAvatar(id: number, file: Blob, fileName?: string): Promise<AvatarResponse> {
  const form = new FormData();
  if (fileName) form.append('avatar', file, fileName);
  else form.append('avatar', file);
  return api.post(`/api/users/${id}/avatar`, form);
}

export function deleteAvatar(id: number): Promise<unknown> {
  return api.delete(`/api/users/${id}/avatar`);
}

/** URL of GET /api/users/{userId}/avatar. */
export function userAvatarUrl(userId: number): string {
  return `/api/users/${userId}/avatar`;
}

/** The avatar image needs the x-access-token header, so it is fetched as a blob (for an object URL). */
export function getAvatar(urlOrUserId: string | number): Promise<Blob> {
  const url = typeof urlOrUserId === 'number' ? userAvatarUrl(urlOrUserId) : urlOrUserId;
  return api.get(url, { responseType: 'blob' });
}
