import { RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { MetadataScanner } from '@nestjs/core';

/** One route as Nest maps it: verb, full path and the handler that answers it. */
export interface MappedRoute {
  method: string;
  /** Controller path and route path joined, e.g. `/api/v1/statuses/:id`. */
  path: string;
  controller: Type;
  handler: (...args: unknown[]) => unknown;
  handlerName: string;
}

const scanner = new MetadataScanner();

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value : [value];

function joinPath(...parts: string[]): string {
  const segments = parts.flatMap((part) => part.split('/')).filter(Boolean);
  return `/${segments.join('/')}`;
}

/**
 * Every route of these controllers, read from the metadata Nest's router maps them by (so a
 * census over `DiscoveryService.getControllers()` sees exactly what the app serves).
 */
export function listRoutes(controllers: readonly Type[]): MappedRoute[] {
  const routes: MappedRoute[] = [];
  for (const controller of controllers) {
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
    const prototype = controller.prototype as Record<string, MappedRoute['handler']>;
    for (const handlerName of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[handlerName];
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (paths === undefined) continue;
      const verb = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
      for (const prefix of prefixes) {
        for (const path of asList(paths)) {
          routes.push({
            method: RequestMethod[verb],
            path: joinPath(prefix, path),
            controller,
            handler,
            handlerName,
          });
        }
      }
    }
  }
  return routes;
}

/** `GET /api/v1/instance (InstanceController.show)`, for messages that name a route. */
export function describeRoute(route: MappedRoute): string {
  return `${route.method} ${route.path} (${route.controller.name}.${route.handlerName})`;
}
