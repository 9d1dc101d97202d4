import { api } from '../client';
import type { ListParams, ListResponse, User, UserExistsRequest, UserInput, UserSettings } from '../types';

/** PUT /api/users/{userId}/settings with {settings}; returns the saved settings. */
export function updateUserSettings(userId: number, settings: UserSettings): Promise<UserSettings> {
  return api.put<UserSettings>(`/api/users/${userId}/settings`, { settings });
}

export function getNumUsers(): Promise<{ numUsers: number }> {
  return api.get('/api/users/numUsers');
}

export function getUsers(params: ListParams = {}): Promise<ListResponse<User>> {
  return api.get('/api/users', { params });
}

export function getUser(id: number): Promise<User> {
  return api.get(`/api/users/${id}`);
}

export function createUser(user: UserInput): Promise<User> {
  return api.post('/api/users', user);
}

export function updateUser(id: number, user: Partial<UserInput>): Promise<User> {
  return api.put(`/api/users/${id}`, user);
}

/** DELETE /api/users/{ids}: ids comma-joined. */
export function deleteUsers(ids: number[]): Promise<unknown> {
  return api.delete(`/api/users/${ids.join(',')}`);
}

export function userExists(body: UserExistsRequest): Promise<{ exists: boolean }> {
  return api.post('/api/users/exists', body);
}

/** POST /api/users/{id}/avatar, multipart field `avatar`; returns avatarUrl. */
export function uploadAvatar(id: number, file: Blob, fileName?: string): Promise<{ avatarUrl: string }> {
  const form = new FormData();
  if (fileName) form.append('avatar', file, fileName);
  else form.append('avatar', file);
  return api.post(`/api/users/${id}/avatar`, form);
}

export function deleteAvatar(id: number): Promise<unknown> {
  return api.delete(`/api/users/${id}/avatar`);
}

/** URL of GET /api/users/{userId}/avatar, for an <img>. */
export function userAvatarUrl(userId: number): string {
  return `/api/users/${userId}/avatar`;
}
