import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadErrorSchema,
  uploadResultSchema,
} from '#shared/schemas/uploads.ts';
import type { ImageStorage } from '#server/adapters/storage/storage.ts';
import { replyToShortage } from '#server/plugins/errors.ts';
import { ImageRejectedError, MAX_IMAGE_MEGAPIXELS } from './image.service.ts';
import { UploadQueueFullError, type ImageWork } from './image-work.ts';

const NOT_A_FORM = `Send the image as multipart/form-data in the form field "${UPLOAD_FIELD}".`;

/** Only documents the form: the multipart body is read in the handler, never validated as JSON. */
const uploadFormSchema = z
  .object({ [UPLOAD_FIELD]: z.file().describe('A JPEG, PNG, WebP or GIF image of at most 5 MB') })
  .nullish();

export const uploadsRoutes: FastifyPluginAsyncZod<{ storage: ImageStorage; imageWork: ImageWork }> = async (
  app,
  { storage, imageWork },
) => {
  // Only this plugin parses multipart bodies; everywhere else they stay an unsupported media type.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  // The spec's client reads `{ success, message }` from a refused upload or a full disk; anything else
  // (401, 403, 500) goes on to the app's error handler.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Refused before the whole body arrived: closing is the only way to stop the client sending the rest
    // (Fastify does the same when a body is over its limit).
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof ImageRejectedError) {
      return reply.code(error.statusCode).send({ success: false, message: error.message });
    }
    if (error instanceof UploadQueueFullError) {
      request.log.warn({ waiting: imageWork.waiting }, 'upload refused: the image queue is full');
      return reply
        .code(503)
        .header('retry-after', String(error.retryAfterSeconds))
        .send({ success: false, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.code?.startsWith('FST_ERR_CTP_')) {
      return reply.code(400).send({ success: false, message: NOT_A_FORM });
    }
    // Refused before the route, e.g. a NUL in the address: still in the upload's own answer shape.
    if (error.statusCode === 400 || error.statusCode === 413) {
      return reply.code(error.statusCode).send({ success: false, message: error.message });
    }
    const shortage = replyToShortage(error, request, reply, (_statusCode, message) => ({
      success: false,
      message,
    }));
    if (shortage) return shortage;
    throw error;
  });

  /** The one image of the form, read into memory (at most 5 MB); anything unexpected is refused. */
  async function readImage(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw new ImageRejectedError(NOT_A_FORM);
    let image: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== UPLOAD_FIELD) {
          throw new ImageRejectedError(`Send the image in the form field "${UPLOAD_FIELD}".`);
        }
        image = await part.toBuffer();
      }
    } catch (error) {
      if (error instanceof ImageRejectedError) throw error;
      const { RequestFileTooLargeError, FilesLimitError, FieldsLimitError, PartsLimitError } =
        app.multipartErrors;
      if (error instanceof RequestFileTooLargeError) {
        throw new ImageRejectedError(UPLOAD_TOO_LARGE_MESSAGE, 413);
      }
      if (error instanceof FilesLimitError) throw new ImageRejectedError('Send one image at a time.');
      if (error instanceof FieldsLimitError || error instanceof PartsLimitError) {
        throw new ImageRejectedError('The form has too many fields.');
      }
      request.log.info({ err: error }, 'unreadable multipart upload');
      throw new ImageRejectedError('The upload could not be read; please send it again.');
    }
    if (!image || image.length === 0) {
      throw new ImageRejectedError(`No image was sent: choose a file for the form field "${UPLOAD_FIELD}".`);
    }
    return image;
  }

  app.post(
    '/uploads',
    {
      preHandler: [app.requireUser, app.rateLimit('upload')],
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (signed-in users)',
        description:
          'Multipart form with one file in the field `image`: JPEG, PNG, WebP or GIF (judged by content) of ' +
          `at most 5 MB and ${MAX_IMAGE_MEGAPIXELS} megapixels. It is re-encoded as WebP at most 1200 px wide, ` +
          'upright, without metadata. When too many uploads are already waiting: 503 with Retry-After.',
        consumes: ['multipart/form-data'],
        body: uploadFormSchema,
        response: {
          200: uploadResultSchema,
          400: uploadErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: uploadErrorSchema,
          429: apiErrorSchema,
          503: uploadErrorSchema,
          507: uploadErrorSchema,
        },
      },
    },
    async (request) => {
      const webp = await imageWork.toWebp(() => readImage(request));
      const url = await storage.save(randomBytes(16).toString('base64url'), webp);
      request.log.info({ url, bytes: webp.length }, 'image uploaded');
      return { success: true as const, data: { url } };
    },
  );
};
