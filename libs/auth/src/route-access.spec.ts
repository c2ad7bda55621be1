import { Controller, Get } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { listRoutes } from '@nestodon/http';
import type { AppConfig } from '@nestodon/config';
import { AuthGuard } from './auth.guard';
import { Public, Scopes, ScopesIfToken } from './decorators';
import { routeDeclarationProblems } from './route-access';
import { TokenAuthenticator } from './token-authenticator.service';

@Controller('things')
class ThingsController {
  @Get('open')
  @Public()
  open() {}

  @Get('scoped')
  @Scopes('read:statuses')
  scoped() {}

  @Get('optional')
  @ScopesIfToken('read:statuses')
  optional() {}

  @Get('forgotten')
  forgotten() {}

  @Get('both')
  @Public()
  @Scopes('read')
  both() {}

  @Get('empty')
  @Scopes()
  empty() {}

  @Get('typo')
  @Scopes('read:statues')
  typo() {}
}

@Controller('private')
@Scopes('read')
class ScopedController {
  @Get()
  index() {}

  @Get('open')
  @Public()
  open() {}
}

describe('route declarations', () => {
  it('names every route that declares neither, both, no scope or an unknown one', () => {
    expect(routeDeclarationProblems(listRoutes([ThingsController, ScopedController]))).toEqual([
      'GET /things/forgotten (ThingsController.forgotten) declares neither @Scopes(…) nor @Public()',
      'GET /things/both (ThingsController.both) declares both @Scopes(…) and @Public()',
      'GET /things/empty (ThingsController.empty) declares an empty scope list',
      'GET /things/typo (ThingsController.typo) names unknown scopes: read:statues',
    ]);
  });

  it('fails closed in the guard too: an undeclared route is refused before any token is read', async () => {
    const authenticateRequest = jest.fn().mockResolvedValue(null);
    const authenticator = { authenticateRequest } as unknown as TokenAuthenticator;
    const config = { federation: { limitedFederationMode: false } } as AppConfig;
    const guard = new AuthGuard(new Reflector(), authenticator, config);
    const request = { headers: {}, ip: '127.0.0.1' };
    const context = (name: keyof ThingsController) =>
      new ExecutionContextHost(
        [request, {}],
        ThingsController,
        ThingsController.prototype[name] as () => void,
      );
    await expect(guard.canActivate(context('forgotten'))).rejects.toThrow(
      'ThingsController.forgotten declares neither @Scopes(…) nor @Public()',
    );
    expect(authenticateRequest).not.toHaveBeenCalled();
    await expect(guard.canActivate(context('open'))).resolves.toBe(true);
  });
});
