import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type * as OpenApiDocument from './openapi-document';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
export const OPENAPI_PAGE_PATH = '/api/docs';

/** The document and Swagger UI's page and assets (paths matched as Express does: any case). */
function isOpenApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return [OPENAPI_JSON_PATH, OPENAPI_PAGE_PATH].some(
    (served) => lower === served || lower.startsWith(`${served}/`),
  );
}

/**
 * Serves the OpenAPI document and Swagger UI (openapi-document.ts), loaded at the first request
 * for either: @nestjs/swagger and the entity schemas (about 3 MB of heap) stay out of an api
 * whose documentation nobody reads.
 */
export function serveOpenApi(app: INestApplication): void {
  let router: RequestHandler | undefined;
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!isOpenApiPath(req.path)) return next();
    router ??= (require('./openapi-document') as typeof OpenApiDocument).openApiRouter(app);
    router(req, res, next);
  });
}
