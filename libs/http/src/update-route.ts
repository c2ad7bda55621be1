import { Patch, Put } from '@nestjs/common';
import { MappedRoute } from './routes';

type Handler = (...args: unknown[]) => unknown;

/**
 * An `update` route, answering both PATCH and PUT as Rails routes every update (clients use
 * either): `@Update(':id')` instead of `@Put(':id')` or `@Patch(':id')`.
 *
 * Nest maps one verb per method, so the method answers PATCH and a second handler on the
 * prototype, `<method>ViaPut`, answers PUT by calling it. That handler inherits the method's own
 * metadata (guards, scopes, status code, headers) through its prototype chain, which
 * `Reflect.getMetadata` walks, so decorators above or below this one apply to both verbs.
 * Parameter decorators and design types are keyed by method name and are applied before any
 * method decorator, so they are copied here.
 */
export function Update(path?: string | string[]): MethodDecorator {
  return (target, key, descriptor) => {
    Patch(path)(target, key, descriptor);
    const viaPut = `${String(key)}ViaPut`;
    if (Object.prototype.hasOwnProperty.call(target, viaPut)) {
      throw new Error(`@Update(): ${target.constructor.name} already has a method ${viaPut}`);
    }
    const original = descriptor.value as Handler;
    const alias = function (this: Record<PropertyKey, Handler>, ...args: unknown[]) {
      return this[key](...args);
    };
    Object.setPrototypeOf(alias, original);
    Object.defineProperty(alias, 'name', { value: viaPut });
    for (const holder of [target, target.constructor]) {
      for (const metadataKey of Reflect.getOwnMetadataKeys(holder, key)) {
        const value: unknown = Reflect.getOwnMetadata(metadataKey, holder, key);
        Reflect.defineMetadata(metadataKey, value, holder, viaPut);
      }
    }
    Object.defineProperty(target, viaPut, { value: alias, writable: true, configurable: true });
    Put(path)(target, viaPut, { value: alias });
  };
}

/**
 * PUT or PATCH routes whose path does not answer the other verb too (census of update routes:
 * every one takes both, as on Mastodon).
 */
export function updateRoutesMissingAVerb(routes: readonly MappedRoute[]): MappedRoute[] {
  const mapped = new Set(routes.map((route) => `${route.method} ${route.path}`));
  return routes.filter(
    (route) =>
      (route.method === 'PUT' && !mapped.has(`PATCH ${route.path}`)) ||
      (route.method === 'PATCH' && !mapped.has(`PUT ${route.path}`)),
  );
}
