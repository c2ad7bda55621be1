import { Controller, Get, INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { routeDeclarationProblems } from '@nestodon/auth';
import { describeRoute, MappedRoute, updateRoutesMissingAVerb } from '@nestodon/http';
import { createTestEnvironment, TestEnvironment } from '@nestodon/testing';
import { ApiModule } from '../src/api.module';
import { createApiApp } from '../src/bootstrap';
import { mappedRoutes } from './support/mapped-routes';

describe('route census of the api', () => {
  let environment: TestEnvironment;
  let app: INestApplication;
  let routes: MappedRoute[];

  beforeAll(async () => {
    environment = await createTestEnvironment();
    // Created, not initialised: the census reads what would be mapped, even if boot would refuse.
    app = await createApiApp(environment.config);
    routes = mappedRoutes(app);
  });
  afterAll(async () => {
    await app?.close();
    await environment?.teardown();
  });

  it('finds the routes Nest maps', () => {
    const described = routes.map((route) => `${route.method} ${route.path}`);
    expect(routes.length).toBeGreaterThan(150);
    expect(described).toEqual(
      expect.arrayContaining([
        'GET /api/v1/instance',
        'POST /oauth/token',
        'GET /api/v1/statuses/:id',
        'PUT /api/v2/notifications/policy',
        'PATCH /api/v2/notifications/policy',
      ]),
    );
  });

  it('has every route declare @Scopes(…) or @Public()', () => {
    expect(routeDeclarationProblems(routes)).toEqual([]);
  });

  it('answers every update route with both PUT and PATCH, as Rails routes updates', () => {
    expect(updateRoutesMissingAVerb(routes).map(describeRoute)).toEqual([]);
  });
});

@Controller('test/undeclared')
class UndeclaredController {
  @Get()
  show() {
    return {};
  }
}

describe('boot with an undeclared route', () => {
  it('refuses to start, naming the route', async () => {
    const environment = await createTestEnvironment();
    @Module({
      imports: [ApiModule.forRoot(environment.config)],
      controllers: [UndeclaredController],
    })
    class ApiWithUndeclaredRoute {}
    const app = await NestFactory.create(ApiWithUndeclaredRoute, {
      logger: false,
      abortOnError: false,
    });
    try {
      await expect(app.init()).rejects.toThrow(
        'GET /test/undeclared (UndeclaredController.show) declares neither @Scopes(…) nor @Public()',
      );
    } finally {
      await app.close();
      await environment.teardown();
    }
  });
});
