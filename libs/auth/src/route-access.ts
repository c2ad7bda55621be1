import { Injectable, OnModuleInit, Type } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { isKnownScope } from '@nestodon/access';
import { describeRoute, listRoutes, MappedRoute } from '@nestodon/http';
import {
  ALLOW_APP_TOKEN_KEY,
  ALLOW_UNCONFIRMED_KEY,
  ANY_USER_STATE_KEY,
  OPEN_IN_LIMITED_FEDERATION_KEY,
  PERMISSIONS_KEY,
  PUBLIC_KEY,
  SCOPES_IF_TOKEN_KEY,
  SCOPES_KEY,
} from './decorators';

/** What a route declared about who may call it. */
export type RouteAccess =
  | {
      kind: 'scoped';
      scopes: string[];
      allowAppToken: boolean;
      allowUnconfirmed: boolean;
      anyUserState: boolean;
      permissions: bigint[] | undefined;
    }
  | { kind: 'public'; scopesIfToken: string[] | undefined; openInLimitedFederation: boolean }
  | { kind: 'undeclared' }
  | { kind: 'conflicting' };

type Handler = (...args: unknown[]) => unknown;

/**
 * The route's declaration: the handler's own `@Scopes`/`@Public`, else its controller's. Both at
 * one level conflict; neither anywhere leaves the route undeclared (refused, never let through).
 */
export function routeAccess(reflector: Reflector, handler: Handler, controller: Type): RouteAccess {
  const targets = [handler, controller];
  for (const target of targets) {
    const scopes = reflector.get<string[] | undefined>(SCOPES_KEY, target);
    const isPublic = reflector.get<boolean | undefined>(PUBLIC_KEY, target) === true;
    if (scopes && isPublic) return { kind: 'conflicting' };
    if (scopes) {
      return {
        kind: 'scoped',
        scopes,
        allowAppToken: reflector.getAllAndOverride<boolean>(ALLOW_APP_TOKEN_KEY, targets) === true,
        allowUnconfirmed:
          reflector.getAllAndOverride<boolean>(ALLOW_UNCONFIRMED_KEY, targets) === true,
        anyUserState: reflector.getAllAndOverride<boolean>(ANY_USER_STATE_KEY, targets) === true,
        permissions: reflector.getAllAndOverride<bigint[] | undefined>(PERMISSIONS_KEY, targets),
      };
    }
    if (isPublic) {
      return {
        kind: 'public',
        scopesIfToken: reflector.getAllAndOverride<string[] | undefined>(
          SCOPES_IF_TOKEN_KEY,
          targets,
        ),
        openInLimitedFederation:
          reflector.getAllAndOverride<boolean>(OPEN_IN_LIMITED_FEDERATION_KEY, targets) === true,
      };
    }
  }
  return { kind: 'undeclared' };
}

/** What is wrong with a route's declaration, or null. */
export function routeAccessProblem(access: RouteAccess): string | null {
  switch (access.kind) {
    case 'undeclared':
      return 'declares neither @Scopes(…) nor @Public()';
    case 'conflicting':
      return 'declares both @Scopes(…) and @Public()';
    case 'scoped':
    case 'public': {
      const scopes = access.kind === 'scoped' ? access.scopes : (access.scopesIfToken ?? null);
      if (scopes === null) return null;
      if (scopes.length === 0) return 'declares an empty scope list';
      const unknown = scopes.filter((scope) => !isKnownScope(scope));
      return unknown.length ? `names unknown scopes: ${unknown.join(', ')}` : null;
    }
  }
}

/** Each route whose declaration is missing or wrong, with the reason. */
export function routeDeclarationProblems(
  routes: readonly MappedRoute[],
  reflector: Reflector = new Reflector(),
): string[] {
  return routes.flatMap((route) => {
    const problem = routeAccessProblem(routeAccess(reflector, route.handler, route.controller));
    return problem ? [`${describeRoute(route)} ${problem}`] : [];
  });
}

/**
 * Refuses to start an app with a route that does not say who may call it. The AuthGuard fails
 * closed too, but a missing declaration should never reach a request.
 */
@Injectable()
export class RouteDeclarationCheck implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    const controllers = this.discovery
      .getControllers()
      .map((wrapper) => wrapper.metatype as Type | null)
      .filter((metatype): metatype is Type => Boolean(metatype));
    const problems = routeDeclarationProblems(listRoutes(controllers), this.reflector);
    if (problems.length > 0) {
      throw new Error(
        `Every route must declare @Scopes(…) or @Public():\n  ${problems.join('\n  ')}`,
      );
    }
  }
}
