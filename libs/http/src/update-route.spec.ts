import { Body, Controller, Get, Header, HttpCode, Put, SetMetadata } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { listRoutes } from './routes';
import { Update, updateRoutesMissingAVerb } from './update-route';

class Input {
  title?: string;
}

@Controller('lists')
class ListsController {
  @Get(':id')
  show() {}

  @SetMetadata('marker', 'above')
  @Update(':id')
  @HttpCode(200)
  @Header('X-Below', 'yes')
  update(@Body() body: Input) {
    return body.title;
  }
}

@Controller('filters')
class FiltersController {
  @Put(':id')
  update() {}
}

describe('@Update', () => {
  const [, patch, put] = listRoutes([ListsController]);

  it('maps PATCH to the method and PUT to a handler that calls it', () => {
    expect([patch.method, patch.path, patch.handlerName]).toEqual([
      'PATCH',
      '/lists/:id',
      'update',
    ]);
    expect([put.method, put.path, put.handlerName]).toEqual(['PUT', '/lists/:id', 'updateViaPut']);
    const controller = new ListsController() as unknown as Record<string, (body: Input) => unknown>;
    expect(controller.updateViaPut({ title: 'same handler' })).toBe('same handler');
  });

  it('gives the PUT handler the metadata of decorators above and below, and the parameters', () => {
    for (const key of ['marker', '__httpCode__', '__headers__']) {
      expect(Reflect.getMetadata(key, put.handler)).toEqual(
        Reflect.getMetadata(key, patch.handler),
      );
    }
    expect(Reflect.getMetadata('marker', put.handler)).toBe('above');
    expect(Reflect.getMetadata(ROUTE_ARGS_METADATA, ListsController, 'updateViaPut')).toEqual(
      Reflect.getMetadata(ROUTE_ARGS_METADATA, ListsController, 'update'),
    );
    expect(
      Reflect.getMetadata('design:paramtypes', ListsController.prototype, 'updateViaPut'),
    ).toEqual([Input]);
  });

  it('is what the census asks of update routes', () => {
    const routes = listRoutes([ListsController, FiltersController]);
    expect(
      updateRoutesMissingAVerb(routes).map((route) => `${route.method} ${route.path}`),
    ).toEqual(['PUT /filters/:id']);
  });
});
