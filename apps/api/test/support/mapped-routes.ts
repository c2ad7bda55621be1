import { INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { listRoutes, MappedRoute } from '@nestodon/http';

/** Every route the api maps, read from Nest's discovery metadata (the router's own source). */
export function mappedRoutes(app: INestApplication): MappedRoute[] {
  const controllers = app
    .get(DiscoveryService)
    .getControllers()
    .flatMap((wrapper) => (wrapper.metatype ? [wrapper.metatype] : []));
  return listRoutes(controllers as never);
}
