import fresh from 'fresh';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_CACHE_CONTROL, imageIdOf, UPLOADS_PATH } from '#server/adapters/storage/storage.ts';
import type { UploadsService } from './uploads.service.ts';

/**
 * Serves the stored images under /uploads/<id>.webp from whichever store is configured, with the same headers
 * from every process: cached for a year, revalidated by entity tag or time. Anything else there is a 404.
 */
export const storedImagesRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (
  app,
  { uploads },
) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_PATH}/:name`,
    schema: { hide: true, params: z.object({ name: z.string() }) },
    handler: async (request, reply) => {
      const id = imageIdOf(request.params.name);
      const image = id === undefined ? undefined : await uploads.image(id);
      if (!image) return reply.callNotFound();
      const validators = { etag: image.etag, 'last-modified': image.storedAt.toUTCString() };
      reply.headers({
        ...validators,
        'cache-control': IMAGE_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      });
      if (fresh(request.headers, validators)) {
        image.body.destroy();
        return reply.code(304).send();
      }
      reply.headers({ 'content-type': 'image/webp', 'content-length': image.bytes });
      if (request.method === 'HEAD') {
        image.body.destroy();
        return reply.send();
      }
      return reply.send(image.body);
    },
  });
};
