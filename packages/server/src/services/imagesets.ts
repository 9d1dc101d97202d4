/**
 * Image sets (data-areas §2, §5, §7): each user's own sets of pictures for self-check machines. A set that is
 * not the caller's answers 403 (the same as one that does not exist). Images are told by their content
 * (PNG, JPEG, WebP, GIF), stored under server-chosen keys through the storage interface, and found by
 * their name in the database only: a name from a URL never becomes a path.
 */
import {
  ERROR_CODES,
  IMAGE_NAME_MAX,
  type Image,
  type ImageSet,
  type ImageSetClientResponse,
  type ImageSetInput,
  type ImageUploadResponse,
} from '@portal/contract';
import { ApiError, conflict, forbidden } from '../errors';
import * as q from '../queries/imagesets';
import { resolveListsConfig } from '../lists/config';
import { withSlot } from '../lists/userSlots';
import { newFileKey } from '../storage/files';
import { sniffImage } from './avatars';
import type { AuthUser, Deps } from './context';
import { imageSize } from './imageHeader';
import { resolveImageSetLimits, type ImageSetLimits } from './imageSetLimits';

type SetRow = NonNullable<Awaited<ReturnType<typeof q.findSet>>>;

const notAvailable = () => forbidden(ERROR_CODES.FORBIDDEN, 'Image set not available');
const imageNotFound = () => new ApiError(404, ERROR_CODES.NOT_FOUND, 'No such image');
const nameTaken = (name: string) => conflict(ERROR_CODES.NAME_ALREADY_EXISTS, `An image set named "${name}" already exists`);

const toImageSet = (row: Pick<SetRow, 'id' | 'name' | 'description' | 'created_at'>): ImageSet => ({
  tid: row.id,
  name: row.name,
  description: row.description,
  createdAt: row.created_at,
});

async function ownSet(deps: Deps, user: AuthUser, id: number): Promise<SetRow> {
  const row = await q.findSet(deps.db, id);
  if (!row || row.user_id !== user.id) throw notAvailable();
  return row;
}

export async function listImageSets(deps: Deps, user: AuthUser): Promise<ImageSet[]> {
  return (await q.listSets(deps.db, user.id)).map(toImageSet);
}

export async function createImageSet(deps: Deps, user: AuthUser, body: ImageSetInput): Promise<ImageSet> {
  const name = body.name.trim();
  if (await q.setNameTaken(deps.db, user.id, name, null)) throw nameTaken(name);
  const id = await q.insertSet(deps.db, { user_id: user.id, name, description: (body.description ?? '').trim(), created_at: deps.config.now().toISOString() });
  return toImageSet((await q.findSet(deps.db, id))!);
}

export async function updateImageSet(deps: Deps, user: AuthUser, id: number, body: ImageSetInput): Promise<ImageSet> {
  await ownSet(deps, user, id);
  const name = body.name.trim();
  if (await q.setNameTaken(deps.db, user.id, name, id)) throw nameTaken(name);
  await q.updateSet(deps.db, id, { name, ...(body.description !== undefined ? { description: (body.description ?? '').trim() } : {}) });
  return toImageSet((await q.findSet(deps.db, id))!);
}

/** Deletes the set, its image rows (cascade) and their files. */
export async function deleteImageSet(deps: Deps, user: AuthUser, id: number): Promise<{ tid: number }> {
  await ownSet(deps, user, id);
  const images = await q.listImages(deps.db, id);
  await q.deleteSet(deps.db, id);
  for (const image of images) await deps.storage.remove(image.file);
  return { tid: id };
}

export async function imageSetExists(deps: Deps, user: AuthUser, name: string, exceptId: number | null): Promise<{ exists: boolean }> {
  const text = name.trim();
  return { exists: text !== '' && (await q.setNameTaken(deps.db, user.id, text, exceptId)) };
}

export async function listImages(deps: Deps, user: AuthUser, id: number): Promise<Image[]> {
  await ownSet(deps, user, id);
  return (await q.listImages(deps.db, id)).map((r) => ({ name: r.name, createdAt: r.created_at }));
}

/**
 * The stored name of an upload: the client's base name reduced to [A-Za-z0-9._-] with the detected type's
 * extension, made unique in the set ('-2', '-3', …). Display only: the file itself gets a random key.
 */
export function imageName(original: string, extension: string, taken: ReadonlySet<string>): string {
  const base =
    (original.split(/[\\/]/).pop() ?? '')
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^[-_]+|[-_]+$/g, '')
      .slice(0, IMAGE_NAME_MAX - 10) || 'image';
  for (let n = 1; ; n += 1) {
    const name = `${n === 1 ? base : `${base}-${n}`}.${extension}`;
    if (!taken.has(name)) return name;
  }
}

const quotaExceeded = (limits: ImageSetLimits, usedBytes: number) =>
  new ApiError(
    413,
    ERROR_CODES.IMAGE_QUOTA_EXCEEDED,
    `Image sets are limited to ${Math.round(limits.quotaBytes / 1048576)} MB of images per user; delete some images first`,
    { maxBytes: limits.quotaBytes, usedBytes },
  );

/** 400 IMAGE_DIMENSIONS_TOO_LARGE when the header declares more pixels than a viewer should allocate. */
function checkDimensions(data: Buffer, mime: string, limits: ImageSetLimits): void {
  const size = imageSize(data, mime);
  if (!size) return;
  const { width, height } = size;
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new ApiError(
      400,
      ERROR_CODES.IMAGE_DIMENSIONS_TOO_LARGE,
      `Images may be at most ${limits.maxSide} pixels per side and ${limits.maxPixels / 1_000_000} megapixels; this one declares ${width}×${height}`,
      { width, height, maxSide: limits.maxSide, maxPixels: limits.maxPixels },
    );
  }
}

/**
 * Checks the set is the caller's before reading the upload (`read`), holding one of the user's upload slots
 * (429 TOO_MANY_CONCURRENT beyond, shared with the import uploads). Refuses an image over the size caps of its
 * header, or one that would take the user's images past their quota (checked before and after storing: two
 * uploads at once cannot both slip under it; nothing of a refused upload stays).
 */
export async function uploadImage(
  deps: Deps,
  user: AuthUser,
  id: number,
  read: () => Promise<{ fileName: string; data: Buffer }>,
): Promise<ImageUploadResponse> {
  await ownSet(deps, user, id);
  const limits = resolveImageSetLimits(deps.config.imagesets);
  return withSlot(user.id, 'upload', resolveListsConfig(deps.config.lists).slots, async () => {
    const usedBefore = await q.storedBytes(deps.db, user.id);
    if (usedBefore >= limits.quotaBytes) throw quotaExceeded(limits, usedBefore);
    const { fileName, data } = await read();
    const image = sniffImage(data);
    if (!image) throw new ApiError(415, ERROR_CODES.INVALID_FILE_TYPE, 'Images must be PNG, JPEG, WebP or GIF');
    checkDimensions(data, image.mime, limits);
    const used = await q.storedBytes(deps.db, user.id);
    if (used + data.length > limits.quotaBytes) throw quotaExceeded(limits, used);
    const key = newFileKey('imagesets', image.extension);
    await deps.storage.write(key, data);
    const createdAt = deps.config.now().toISOString();
    const name = imageName(fileName, image.extension, await q.imageNames(deps.db, id));
    try {
      await q.insertImage(deps.db, { image_set_id: id, name, file: key, mime: image.mime, size: data.length, created_at: createdAt });
    } catch (e) {
      await deps.storage.remove(key); // e.g. the set was deleted meanwhile
      throw e;
    }
    const after = await q.storedBytes(deps.db, user.id);
    if (after > limits.quotaBytes) {
      // Another upload of the same user landed meanwhile: this one goes back out whole.
      const rowId = await q.findImageId(deps.db, id, name);
      if (rowId !== undefined) await q.deleteImage(deps.db, rowId);
      await deps.storage.remove(key);
      throw quotaExceeded(limits, after - data.length);
    }
    return { file: name, createdAt };
  });
}

async function readImageOf(deps: Deps, setId: number, name: string): Promise<{ data: Buffer; mime: string }> {
  const row = await q.findImage(deps.db, setId, name);
  const data = row ? await deps.storage.read(row.file) : null;
  if (!row || !data) throw imageNotFound();
  return { data, mime: row.mime };
}

export async function readImage(deps: Deps, user: AuthUser, id: number, name: string): Promise<{ data: Buffer; mime: string }> {
  await ownSet(deps, user, id);
  return readImageOf(deps, id, name);
}

export async function deleteImage(deps: Deps, user: AuthUser, id: number, name: string): Promise<{ file: string }> {
  await ownSet(deps, user, id);
  const row = await q.findImage(deps.db, id, name);
  if (!row) throw imageNotFound();
  await q.deleteImage(deps.db, row.id);
  await deps.storage.remove(row.file);
  return { file: row.name };
}

// ---- the public client URL: a self-check client presents the owner's image-set token ----

async function setByToken(deps: Deps, token: string, id: number) {
  const row = await q.findSetByToken(deps.db, token, id);
  if (!row) throw notAvailable();
  return row;
}

export async function clientImageSet(deps: Deps, token: string, id: number): Promise<ImageSetClientResponse> {
  const row = await setByToken(deps, token, id);
  const base = `/api/imagesets/client/${encodeURIComponent(token)}/${id}`;
  const images = (await q.listImages(deps.db, id)).map((r) => ({ name: r.name, createdAt: r.created_at, url: `${base}/${encodeURIComponent(r.name)}` }));
  return { ...toImageSet(row), images };
}

export async function clientImage(deps: Deps, token: string, id: number, name: string): Promise<{ data: Buffer; mime: string }> {
  await setByToken(deps, token, id);
  return readImageOf(deps, id, name);
}
