import { INestApplication, SetMetadata, Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { listRoutes } from './routes';

const ACCEPTS_UPLOADS = 'nestodon:accepts-uploads';

/**
 * Marks a route that takes files (media, profile images): its multipart body may carry files
 * up to the upload limit. Everywhere else a multipart body is held to the small body limit.
 */
export const AcceptsUploads = () => SetMetadata(ACCEPTS_UPLOADS, true);

/** `/api/v1/media/:id` as a pattern of request paths. */
const pathPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`);

/**
 * Whether a request path belongs to a route marked `@AcceptsUploads()`, read from the routes
 * the app serves (on first use, once every module is loaded).
 */
export function uploadRouteMatcher(app: INestApplication): (path: string) => boolean {
  let patterns: RegExp[] | undefined;
  return (path) => {
    patterns ??= listRoutes(
      [...app.get(ModulesContainer).values()].flatMap((module) =>
        [...module.controllers.values()].map((wrapper) => wrapper.metatype as Type),
      ),
    )
      .filter((route) => Reflect.getMetadata(ACCEPTS_UPLOADS, route.handler) === true)
      .map((route) => pathPattern(route.path));
    return patterns.some((pattern) => pattern.test(path));
  };
}
