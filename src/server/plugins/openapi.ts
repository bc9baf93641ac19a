import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the route schemas: /api/docs/json, browsable at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance, { https }: { https: boolean }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tools and parts shop API',
        description: 'The JSON API behind the shop. Errors are `{ statusCode, error, message }`.',
        version: '1.0.0',
      },
      tags: [{ name: 'tools', description: 'The catalogue' }, { name: 'system' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Upgrading requests breaks the docs on a plain-http server (the default on a developer machine).
    transformStaticCSP: (header) => (https ? header : header.replace(/upgrade-insecure-requests;?/, '')),
  });
});
