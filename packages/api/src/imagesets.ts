/** Image set calls under /api/imagesets (data-areas §7 image sets); types from @portal/contract. */
import {
  IMAGE_FIELD,
  imageSetClientPath,
  type Image,
  type ImageSet,
  type ImageSetExistsBody,
  type ImageSetInput,
  type ImageUploadResponse,
} from '@portal/contract';
import { api } from './client';

export type { Image, ImageSet, ImageSetInput, ImageUploadResponse };

export const IMAGESETS_URL = '/api/imagesets';
const setUrl = (imageSetId: number) => `${IMAGESETS_URL}/${imageSetId}`;
/** URL of one image (the name is encoded: it is a name, never a path). */
export const imageUrl = (imageSetId: number, imageName: string): string => `${setUrl(imageSetId)}/${encodeURIComponent(imageName)}`;

export function getImageSets(): Promise<ImageSet[]> {
  return api.get(IMAGESETS_URL);
}

export function createImageSet(body: ImageSetInput): Promise<ImageSet> {
  return api.post(IMAGESETS_URL, body);
}

export function updateImageSet(imageSetId: number, body: ImageSetInput): Promise<ImageSet> {
  return api.put(setUrl(imageSetId), body);
}

export function deleteImageSet(imageSetId: number): Promise<unknown> {
  return api.delete(setUrl(imageSetId));
}

/** POST /exists (imageSetId, name): imageSetId is the set being edited, so its own name is accepted. */
export function imageSetExists(body: ImageSetExistsBody): Promise<{ exists: boolean }> {
  return api.post(`${IMAGESETS_URL}/exists`, body);
}

/** GET /{id}: the set's images (name, createdAt), newest first. */
export function getImages(imageSetId: number): Promise<Image[]> {
  return api.get(setUrl(imageSetId));
}

/** POST /{id} multipart (field "file") → the stored name (`file`) and createdAt. */
export function uploadImage(imageSetId: number, file: Blob, fileName?: string): Promise<ImageUploadResponse> {
  const form = new FormData();
  if (fileName) form.append(IMAGE_FIELD, file, fileName);
  else form.append(IMAGE_FIELD, file);
  return api.post(setUrl(imageSetId), form);
}

/** The image needs the x-access-token header, so it is fetched as a blob (for an object URL). */
export function getImage(imageSetId: number, imageName: string): Promise<Blob> {
  return api.get(imageUrl(imageSetId, imageName), { responseType: 'blob' });
}

export function deleteImage(imageSetId: number, imageName: string): Promise<unknown> {
  return api.delete(imageUrl(imageSetId, imageName));
}

/** The public client URL a self-check machine opens: the site origin, the user's public token and the set id. */
export function imageSetClientUrl(origin: string, userToken: string, imageSetId: number): string {
  return `${origin}${imageSetClientPath(userToken, imageSetId)}`;
}
