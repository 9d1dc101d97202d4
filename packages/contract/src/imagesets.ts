/** Image set calls under /api/imagesets (data-areas §3 ImageSet and Image, §5, §7). */
import { Type, type Static } from 'typebox';
import { Id, RequiredText } from './common';
export * from './values/imagesets';

export const IMAGE_SET_NAME_MAX = 255;
export const IMAGE_SET_DESCRIPTION_MAX = 2000;
/** Largest accepted image: screensaver and help pictures of a self-check machine. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Longest image name (in URLs and in the list). */
export const IMAGE_NAME_MAX = 120;

export const ImageSet = Type.Object({
  tid: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** UTC instant (ISO 8601). */
  createdAt: Type.String(),
});
export type ImageSet = Static<typeof ImageSet>;

/** POST (create) and PUT /{id} (edit). */
export const ImageSetInput = Type.Object(
  {
    name: RequiredText(IMAGE_SET_NAME_MAX),
    description: Type.Optional(Type.Union([Type.String({ maxLength: IMAGE_SET_DESCRIPTION_MAX }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ImageSetInput = Static<typeof ImageSetInput>;

/** POST /exists: is `name` taken by another of the caller's sets than imageSetId (the one being edited)? */
export const ImageSetExistsBody = Type.Object(
  { imageSetId: Type.Optional(Type.Union([Id, Type.Null()])), name: Type.String({ maxLength: IMAGE_SET_NAME_MAX }) },
  { additionalProperties: false },
);
export type ImageSetExistsBody = Static<typeof ImageSetExistsBody>;

/** One picture of a set: its name (server-chosen, unique in the set) and upload time. */
export const Image = Type.Object({ name: Type.String(), createdAt: Type.String() });
export type Image = Static<typeof Image>;

/** POST /{id} upload answer: the stored image's name (`file`) and its upload time. */
export const ImageUploadResponse = Type.Object({ file: Type.String(), createdAt: Type.String() });
export type ImageUploadResponse = Static<typeof ImageUploadResponse>;

export const ImageSetIdParams = Type.Object({ imageSetId: Id }, { additionalProperties: false });
export const ImageParams = Type.Object({ imageSetId: Id, imageName: Type.String({ minLength: 1, maxLength: 255 }) }, { additionalProperties: false });

/** The public client URL's token: the owner's image-set token (users.image_set_token, apart from the capacities one). */
export const ImageSetClientParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), imageSetId: Id }, { additionalProperties: false });
export const ImageSetClientImageParams = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), imageSetId: Id, imageName: Type.String({ minLength: 1, maxLength: 255 }) },
  { additionalProperties: false },
);

/** What a self-check client gets from the public client URL: the set and where to fetch each image. */
export const ImageSetClientResponse = Type.Object({
  tid: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  images: Type.Array(Type.Object({ name: Type.String(), createdAt: Type.String(), url: Type.String() })),
});
export type ImageSetClientResponse = Static<typeof ImageSetClientResponse>;
