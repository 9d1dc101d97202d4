/**
 * Image set calls (data-areas §7): /api/imagesets, permission 'imagesets', each user's own sets. The public
 * client URL (/api/imagesets/client/{userToken}/{id}[/{imageName}]) needs no session: it checks that the
 * token is the set owner's image-set token, and answers nothing (403) to anyone else.
 */
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  ERROR_CODES,
  ExistsResponse,
  Image,
  IMAGE_FIELD,
  IMAGE_MAX_BYTES,
  ImageParams,
  ImageSet,
  ImageSetClientImageParams,
  ImageSetClientParams,
  ImageSetClientResponse,
  ImageSetExistsBody,
  ImageSetIdParams,
  ImageSetInput,
  ImageUploadResponse,
} from '@portal/contract';
import type { App } from '../app';
import { badRequest } from '../errors';
import { currentUser } from '../plugins/auth';
import { ERRORS, fileResponse, IMAGE_MEDIA_TYPES } from '../plugins/docs';
import type { Deps } from '../services/context';
import * as s from '../services/imagesets';

const config = { requirement: 'imagesets' as const };
const tags = ['imagesets'];
const BASE = '/api/imagesets';
const nameTaken = ERRORS.taken('NameAlreadyExistsMessage');
const IMAGE = fileResponse('The image, of its type by content', IMAGE_MEDIA_TYPES, false);
const noImage = { 404: 'NOT_FOUND: the set has no image of that name' };
const UPLOAD_ERRORS = ERRORS.upload(IMAGE_FIELD, 'a PNG, JPEG, WebP or GIF image');
const CLIENT_403 = 'FORBIDDEN: no set of that id whose owner holds that image-set token';

/** The image with its real type; never sniffed into something else by the browser. */
function sendImage(reply: FastifyReply, { data, mime }: { data: Buffer; mime: string }, cacheControl: string) {
  return reply.type(mime).header('x-content-type-options', 'nosniff').header('content-disposition', 'inline').header('cache-control', cacheControl).send(data);
}

export function imagesetsRoutes(app: App, deps: Deps): void {
  const user = currentUser;

  app.get(
    BASE,
    {
      config,
      schema: { tags, summary: 'Your image sets', response: { 200: Type.Array(ImageSet) } },
    },
    (r) => s.listImageSets(deps, user(r)),
  );

  app.post(
    BASE,
    {
      config,
      schema: { tags, summary: 'Create an image set (name unique among yours)', body: ImageSetInput, response: { 200: ImageSet }, errors: nameTaken },
    },
    (r) => s.createImageSet(deps, user(r), r.body),
  );

  app.post(
    `${BASE}/exists`,
    {
      config,
      schema: { tags, summary: 'Is the name taken by another of your image sets?', body: ImageSetExistsBody, response: { 200: ExistsResponse } },
    },
    (r) => s.imageSetExists(deps, user(r), r.body.name, r.body.imageSetId ?? null),
  );

  app.get(
    `${BASE}/:imageSetId`,
    {
      config,
      schema: { tags, summary: 'The images of a set, newest first', params: ImageSetIdParams, response: { 200: Type.Array(Image) } },
    },
    (r) => s.listImages(deps, user(r), r.params.imageSetId),
  );

  app.put(
    `${BASE}/:imageSetId`,
    {
      config,
      schema: { tags, summary: 'Edit an image set', params: ImageSetIdParams, body: ImageSetInput, response: { 200: ImageSet }, errors: nameTaken },
    },
    (r) => s.updateImageSet(deps, user(r), r.params.imageSetId, r.body),
  );

  app.delete(
    `${BASE}/:imageSetId`,
    {
      config,
      schema: { tags, summary: 'Delete an image set and its images', params: ImageSetIdParams, response: { 200: Type.Object({ tid: Type.Integer() }) } },
    },
    (r) => s.deleteImageSet(deps, user(r), r.params.imageSetId),
  );

  app.post(
    `${BASE}/:imageSetId`,
    {
      config,
      schema: {
        tags,
        summary: `Upload an image (multipart field "${IMAGE_FIELD}", PNG/JPEG/WebP/GIF by content, at most ${IMAGE_MAX_BYTES} bytes)`,
        operationId: 'createImagesetImage',
        consumes: ['multipart/form-data'],
        params: ImageSetIdParams,
        response: { 200: ImageUploadResponse },
        upload: {
          field: IMAGE_FIELD,
          description: `A PNG, JPEG, WebP or GIF image (by its content), at most ${IMAGE_MAX_BYTES} bytes; its file name names it`,
        },
        errors: {
          ...UPLOAD_ERRORS,
          400: `${UPLOAD_ERRORS[400]}; IMAGE_DIMENSIONS_TOO_LARGE (the header declares too many pixels: details width, height, maxSide, maxPixels)`,
          413: `${UPLOAD_ERRORS[413]}; or IMAGE_QUOTA_EXCEEDED (your image sets hold their quota of bytes: details maxBytes, usedBytes; nothing stored)`,
          429: 'TOO_MANY_CONCURRENT: you already run as many uploads as allowed at once (details: kind, limit)',
        },
      },
    },
    (r) =>
      s.uploadImage(deps, user(r), r.params.imageSetId, async () => {
        const part = await r.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
        if (!part || part.fieldname !== IMAGE_FIELD) throw badRequest(ERROR_CODES.INVALID_FILE, `Send the image in the multipart field "${IMAGE_FIELD}"`);
        return { fileName: part.filename, data: await part.toBuffer() };
      }),
  );

  app.get(
    `${BASE}/:imageSetId/:imageName`,
    {
      config,
      schema: { tags, summary: 'One image of a set', params: ImageParams, response: { 200: IMAGE }, errors: noImage },
    },
    async (r, reply) => sendImage(reply, await s.readImage(deps, user(r), r.params.imageSetId, r.params.imageName), 'private, no-cache'),
  );

  app.delete(
    `${BASE}/:imageSetId/:imageName`,
    {
      config,
      schema: { tags, summary: 'Delete one image of a set', params: ImageParams, response: { 200: Type.Object({ file: Type.String() }) }, errors: noImage },
    },
    (r) => s.deleteImage(deps, user(r), r.params.imageSetId, r.params.imageName),
  );

  // ---- public client URL (no session: the owner's image-set token in the URL) ----

  app.get(
    `${BASE}/client/:token/:imageSetId`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A set and its image URLs for a self-check client holding the owner's image-set token",
        params: ImageSetClientParams,
        response: { 200: ImageSetClientResponse },
        errors: { 403: CLIENT_403 },
      },
    },
    async (r, reply) => {
      const body = await s.clientImageSet(deps, r.params.token, r.params.imageSetId);
      return reply.header('cache-control', 'no-store').header('cross-origin-resource-policy', 'cross-origin').send(body);
    },
  );

  app.get(
    `${BASE}/client/:token/:imageSetId/:imageName`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'One image of the set, for a self-check client',
        params: ImageSetClientImageParams,
        response: { 200: IMAGE },
        errors: { 403: CLIENT_403, ...noImage },
      },
    },
    async (r, reply) => {
      const image = await s.clientImage(deps, r.params.token, r.params.imageSetId, r.params.imageName);
      return sendImage(reply.header('cross-origin-resource-policy', 'cross-origin'), image, 'no-cache');
    },
  );
}
