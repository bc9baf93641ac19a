import multipart from '@fastify/multipart';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { api } from '#shared/api/contract.ts';
import { apiErrorSchema } from '#shared/schemas/errors.ts';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_FIELD,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadErrorSchema,
} from '#shared/schemas/uploads.ts';
import { DomainError, InvalidInput, TooLarge } from '#server/domain-errors.ts';
import { routeOf } from '#server/plugins/contract-route.ts';
import { replyToDomainError, replyToShortage } from '#server/plugins/errors.ts';
import { MAX_IMAGE_MEGAPIXELS } from './image-conversion.ts';
import { UploadQueueFullError } from './image-work.ts';
import type { UploadsService } from './uploads.service.ts';

const NOT_A_FORM = `Send the image as multipart/form-data in the form field "${UPLOAD_FIELD}".`;

/** Only documents the form: the multipart body is read in the handler, never validated as JSON. */
const uploadFormSchema = z
  .object({ [UPLOAD_FIELD]: z.file().describe('A JPEG, PNG, WebP or GIF image of at most 5 MB') })
  .nullish();

const uploadAnswer = (_statusCode: number, message: string) => ({ success: false, message });

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // Only this plugin parses multipart bodies; everywhere else they stay an unsupported media type.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 } });

  // The spec's client reads `{ success, message }` from a refused upload or a full disk; anything else
  // (401, 403, 500) goes on to the app's error handler.
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    // Refused before the whole body arrived: closing is the only way to stop the client sending the rest
    // (Fastify does the same when a body is over its limit).
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof UploadQueueFullError) {
      request.log.warn({ waiting: uploads.waiting }, 'upload refused: the image queue is full');
    }
    if (error instanceof DomainError) return replyToDomainError(error, reply, uploadAnswer);
    if (hasZodFastifySchemaValidationErrors(error) || error.code?.startsWith('FST_ERR_CTP_')) {
      return reply.code(400).send({ success: false, message: NOT_A_FORM });
    }
    // Refused before the route, e.g. a NUL in the address: still in the upload's own answer shape.
    if (error.statusCode === 400 || error.statusCode === 413) {
      return reply.code(error.statusCode).send({ success: false, message: error.message });
    }
    const shortage = replyToShortage(error, request, reply, uploadAnswer);
    if (shortage) return shortage;
    throw error;
  });

  /** The one image of the form, read into memory (at most 5 MB); anything unexpected is refused. */
  async function readImage(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw new InvalidInput(NOT_A_FORM);
    let image: Buffer | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (part.fieldname !== UPLOAD_FIELD) {
          throw new InvalidInput(`Send the image in the form field "${UPLOAD_FIELD}".`);
        }
        image = await part.toBuffer();
      }
    } catch (error) {
      if (error instanceof InvalidInput) throw error;
      const { RequestFileTooLargeError, FilesLimitError, FieldsLimitError, PartsLimitError } =
        app.multipartErrors;
      if (error instanceof RequestFileTooLargeError) throw new TooLarge(UPLOAD_TOO_LARGE_MESSAGE);
      if (error instanceof FilesLimitError) throw new InvalidInput('Send one image at a time.');
      if (error instanceof FieldsLimitError || error instanceof PartsLimitError) {
        throw new InvalidInput('The form has too many fields.');
      }
      request.log.info({ err: error }, 'unreadable multipart upload');
      throw new InvalidInput('The upload could not be read; please send it again.');
    }
    if (!image || image.length === 0) {
      throw new InvalidInput(`No image was sent: choose a file for the form field "${UPLOAD_FIELD}".`);
    }
    return image;
  }

  app.route({
    ...routeOf(
      api.uploads.upload,
      {
        400: uploadErrorSchema,
        401: apiErrorSchema,
        403: apiErrorSchema,
        413: uploadErrorSchema,
        429: apiErrorSchema,
        503: uploadErrorSchema,
        507: uploadErrorSchema,
      },
      {
        description:
          'Multipart form with one file in the field `image`: JPEG, PNG, WebP or GIF (judged by content) of ' +
          `at most 5 MB and ${MAX_IMAGE_MEGAPIXELS} megapixels. It is re-encoded as WebP at most 1200 px wide, ` +
          'upright, without metadata. When too many uploads are already waiting, or the account already has two ' +
          'in: 503 with Retry-After.',
        consumes: ['multipart/form-data'],
        body: uploadFormSchema,
      },
    ),
    onRequest: app.requireUser,
    preHandler: app.rateLimit('upload'),
    handler: async (request) => {
      const { url, bytes } = await uploads.upload(request.user!.id, () => readImage(request));
      request.log.info({ url, bytes }, 'image uploaded');
      return { success: true as const, data: { url } };
    },
  });
};
