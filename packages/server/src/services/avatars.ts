import { ERROR_CODES } from '@portal/contract';
import { ApiError } from '../errors';
import * as q from '../queries/users';
import { newFileKey } from '../storage/files';
import type { AuthUser, Deps } from './context';
import { avatarUrl, reachableUser } from './users';

/** The image type told by the file's first bytes (the declared type and file name are not trusted). */
export function sniffImage(data: Buffer): { mime: string; extension: string } | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', extension: 'png' };
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' };
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return { mime: 'image/gif', extension: 'gif' };
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return null;
}

/** Checks the caller may change this user's avatar before reading the upload (`read`). */
export async function saveAvatar(deps: Deps, actor: AuthUser, userId: number, read: () => Promise<Buffer>): Promise<{ avatarUrl: string }> {
  const { row } = await reachableUser(deps, actor, userId);
  const data = await read();
  const image = sniffImage(data);
  if (!image) throw new ApiError(415, ERROR_CODES.INVALID_FILE_TYPE, 'The avatar must be a PNG, JPEG, GIF or WebP image');
  const key = newFileKey('avatars', image.extension);
  await deps.storage.write(key, data);
  const now = deps.config.now().toISOString();
  await q.updateUser(deps.db, row.id, { avatar_file: key, avatar_mime: image.mime, avatar_updated_at: now, updated_at: now });
  if (row.avatar_file) await deps.storage.remove(row.avatar_file);
  return { avatarUrl: avatarUrl({ id: row.id, avatar_file: key, avatar_updated_at: now })! };
}

export async function removeAvatar(deps: Deps, actor: AuthUser, userId: number): Promise<{ avatarUrl: null }> {
  const { row } = await reachableUser(deps, actor, userId);
  const now = deps.config.now().toISOString();
  await q.updateUser(deps.db, row.id, { avatar_file: null, avatar_mime: null, avatar_updated_at: null, updated_at: now });
  if (row.avatar_file) await deps.storage.remove(row.avatar_file);
  return { avatarUrl: null };
}

export async function readAvatar(deps: Deps, actor: AuthUser, userId: number): Promise<{ data: Buffer; mime: string }> {
  const { row } = await reachableUser(deps, actor, userId);
  const data = row.avatar_file ? await deps.storage.read(row.avatar_file) : null;
  if (!data || !row.avatar_mime) throw new ApiError(404, ERROR_CODES.AVATAR_NOT_FOUND, 'No avatar');
  return { data, mime: row.avatar_mime };
}
