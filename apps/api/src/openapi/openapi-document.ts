import { INestApplication, Type } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ALL_SCOPES } from '@nestodon/access';
import { routeAccess, RouteAccess } from '@nestodon/auth';
import { NESTODON_VERSION } from '@nestodon/config';
import { listRoutes, MappedRoute } from '@nestodon/http';
import { RequestHandler, Router } from 'express';
import { ENTITY_SCHEMAS } from './entity-schemas.generated';
import { responseSchemaOf } from './route-responses';
import { OPENAPI_JSON_PATH, OPENAPI_PAGE_PATH } from './serve-openapi';

const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
    details: { type: 'object' },
  },
  required: ['error'],
};

/**
 * `/api/v1/statuses/:id` → `/api/v1/statuses/{id}`, as OpenAPI writes path parameters (a
 * wildcard `*path` becomes `{path}` too, as @nestjs/swagger writes it).
 */
export function openApiPath(path: string): string {
  return path.replace(/[:*](\w+)/g, '{$1}');
}

/** Every route the application maps, read from Nest's discovery metadata. */
export function applicationRoutes(app: INestApplication): MappedRoute[] {
  const controllers = app
    .get(DiscoveryService)
    .getControllers()
    .flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype as Type] : []));
  return listRoutes(controllers);
}

function securityOf(access: RouteAccess): Array<Record<string, string[]>> | undefined {
  if (access.kind === 'scoped') return [{ OAuth2: access.scopes }];
  if (access.kind === 'public' && access.scopesIfToken)
    return [{}, { OAuth2: access.scopesIfToken }];
  if (access.kind === 'public') return [];
  return undefined;
}

/**
 * The OpenAPI 3.1 document of the api: paths and parameters scanned by @nestjs/swagger from the
 * controllers, each operation's OAuth scopes from its `@Scopes`/`@Public` declaration, the
 * Mastodon entities as component schemas generated from the serializers' types, and each
 * operation's success body from `route-responses.ts`; errors share Mastodon's error shape.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Nestodon')
    .setDescription('The Mastodon-compatible REST API of this server.')
    .setVersion(NESTODON_VERSION)
    .addOAuth2(
      {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: '/oauth/authorize',
            tokenUrl: '/oauth/token',
            scopes: Object.fromEntries(ALL_SCOPES.map((scope) => [scope, scope])),
          },
          clientCredentials: {
            tokenUrl: '/oauth/token',
            scopes: Object.fromEntries(ALL_SCOPES.map((scope) => [scope, scope])),
          },
        },
      },
      'OAuth2',
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller}.${method}`,
  });
  document.components = {
    ...document.components,
    schemas: { ...ENTITY_SCHEMAS, Error: ERROR_SCHEMA } as never,
  };
  const reflector = app.get(Reflector);
  for (const route of applicationRoutes(app)) {
    const operation =
      document.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as 'get'];
    if (!operation) continue;
    const security = securityOf(routeAccess(reflector, route.handler, route.controller));
    if (security) operation.security = security;
    const { schema, statuses } = responseSchemaOf(route.method, route.path) ?? {};
    const content = schema ? { content: { 'application/json': { schema } } } : {};
    const declared =
      Object.keys(operation.responses).find((status) => status.startsWith('2')) ?? '200';
    const successes = statuses ?? { [declared]: 'Success' };
    operation.responses = {
      ...Object.fromEntries(
        Object.entries(successes).map(([status, description]) => [
          status,
          { description, ...content },
        ]),
      ),
      default: {
        description: 'An error, in Mastodon’s shape',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    };
  }
  return document;
}

/**
 * The document at OPENAPI_JSON_PATH and Swagger UI at OPENAPI_PAGE_PATH, as @nestjs/swagger
 * serves them, on a router of their own: the application's own routes are closed by the time
 * serveOpenApi loads this module. The document is built at its first request.
 */
export function openApiRouter(app: INestApplication): RequestHandler {
  const router = Router();
  const adapter = new ExpressAdapter(router);
  // What SwaggerModule.setup uses of an application: its HTTP adapter and static assets.
  const docs = {
    getHttpAdapter: () => adapter,
    useStaticAssets: (path: string, options: object) => adapter.useStaticAssets(path, options),
  } as unknown as INestApplication;
  SwaggerModule.setup(OPENAPI_PAGE_PATH, docs, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Nestodon API',
  });
  return router;
}
