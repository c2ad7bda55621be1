import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NotPermittedError, RecordNotFoundError, ValidationError } from '@nestodon/domain';
import { listen, RunningApp } from '@nestodon/testing';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { configureHttp, Page, PageParams, setPageLinks, ToArray, ToBoolean } from '../src';

class EchoQuery {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  local?: boolean;

  @IsOptional()
  @ToArray()
  @IsString({ each: true })
  id?: string[];
}

class EchoBody {
  @IsOptional()
  @IsString()
  @MaxLength(5)
  name?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  sensitive?: boolean;
}

@Controller('echo')
class EchoController {
  @Post()
  body(@Body() body: EchoBody, @Req() req: Request) {
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    return {
      dto: body,
      raw: req.body,
      files: files.map((f) => ({ field: f.fieldname, size: f.size })),
    };
  }

  @Get()
  query(@Query() query: EchoQuery) {
    return query;
  }

  @Get('page')
  page(
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    setPageLinks(req, res, 'https://nestodon.test', {
      nextMaxId: '100',
      prevMinId: '200',
      keep: ['local', 'types'],
    });
    return page;
  }

  @Get('missing')
  missing() {
    throw new RecordNotFoundError();
  }

  @Get('forbidden')
  forbidden() {
    throw new NotPermittedError();
  }

  @Get('invalid')
  invalid() {
    throw new ValidationError('Validation failed: Username is taken', {
      username: [{ error: 'ERR_TAKEN', description: 'is already taken' }],
    });
  }

  @Get('crash')
  crash() {
    throw new Error('unexpected');
  }
}

describe('HTTP conventions', () => {
  let running: RunningApp;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [EchoController] }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>({
      bodyParser: false,
      logger: false,
    });
    configureHttp(app);
    running = await listen(app);
  });
  afterAll(() => running.close());

  describe('bodies', () => {
    it('reads JSON', async () => {
      const res = await running.http
        .post('/echo')
        .send({ name: 'abc', sensitive: 'off', extra: 1 })
        .expect(201);
      expect(res.body.dto).toEqual({ name: 'abc', sensitive: false });
    });

    it('reads form-encoded bodies with Rails-style keys', async () => {
      const res = await running.http
        .post('/echo')
        .type('form')
        .send(
          'media_ids[]=1&media_ids[]=2&poll[options][]=a&poll[options][]=b&poll[expires_in]=300&a[b][c]=d',
        )
        .expect(201);
      expect(res.body.raw).toEqual({
        media_ids: ['1', '2'],
        poll: { options: ['a', 'b'], expires_in: '300' },
        a: { b: { c: 'd' } },
      });
    });

    it('reads multipart bodies with Rails-style keys and files', async () => {
      const res = await running.http
        .post('/echo')
        .field('name', 'abc')
        .field('fields_attributes[0][name]', 'Site')
        .field('fields_attributes[0][value]', 'https://example.com')
        .field('list[]', 'x')
        .field('list[]', 'y')
        .attach('avatar', Buffer.from('GIF89a'), 'a.gif')
        .expect(201);
      expect(res.body.raw).toEqual({
        name: 'abc',
        fields_attributes: [{ name: 'Site', value: 'https://example.com' }],
        list: ['x', 'y'],
      });
      expect(res.body.files).toEqual([{ field: 'avatar', size: 6 }]);
    });

    it('answers malformed JSON with 422 and a JSON error', async () => {
      const res = await running.http
        .post('/echo')
        .set('Content-Type', 'application/json')
        .send('{"name": ')
        .expect(422);
      expect(res.body).toEqual({ error: 'Invalid JSON data' });
    });

    it('answers a too large body with 413', async () => {
      const res = await running.http
        .post('/echo')
        .send({ name: 'x'.repeat(2 * 1024 * 1024) })
        .expect(413);
      expect(res.body.error).toEqual(expect.any(String));
    });

    it('answers broken multipart with a 4xx', async () => {
      const res = await running.http
        .post('/echo')
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated');
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error).toEqual(expect.any(String));
    });

    it('gives handlers an empty object when there is no body or it is not parsed', async () => {
      expect((await running.http.post('/echo').expect(201)).body.raw).toEqual({});
      const res = await running.http
        .post('/echo')
        .set('Content-Type', 'text/plain')
        .send('name=x')
        .expect(201);
      expect(res.body.raw).toEqual({});
    });

    it('fills in parameters from the query string as Rails params do, the body winning', async () => {
      const res = await running.http
        .post('/echo?name=fromq&id[]=1')
        .send({ name: 'body' })
        .expect(201);
      expect(res.body.raw).toEqual({ name: 'body', id: ['1'] });
    });

    it('refuses a JSON array as the body with 422', async () => {
      const res = await running.http.post('/echo').send([1, 2]).expect(422);
      expect(res.body.error).toMatch(/must be an object/);
    });

    it('refuses absurdly nested JSON with 422 instead of overflowing the stack', async () => {
      const deep = '{"name":' + '['.repeat(3000) + ']'.repeat(3000) + '}';
      const res = await running.http
        .post('/echo')
        .set('Content-Type', 'application/json')
        .send(deep)
        .expect(422);
      expect(res.body.error).toMatch(/nested too deeply/);
      const objects = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
      await running.http
        .post('/echo')
        .set('Content-Type', 'application/json')
        .send(objects)
        .expect(422);
    });

    it('refuses absurdly nested form keys with 422', async () => {
      const res = await running.http
        .post('/echo')
        .type('form')
        .send(`a${'[b]'.repeat(40)}=1`)
        .expect(422);
      expect(res.body.error).toMatch(/nested too deeply/);
      await running.http
        .get(`/echo?a${'[b]'.repeat(40)}=1`)
        .expect((r) => expect(r.status).toBeLessThan(500));
    });

    it('refuses NUL characters anywhere in the parameters with 422, for every route', async () => {
      const refused = { error: 'Validation failed: parameters may not contain NUL characters' };
      const requests = [
        running.http.post('/echo').send({ name: 'a\u0000b' }),
        running.http.post('/echo').send({ fields: [{ name: 'x', value: 'y\u0000' }] }),
        running.http.post('/echo').send({ ['key\u0000']: 'value' }),
        running.http.post('/echo').type('form').send('name=a%00b'),
        running.http.post('/echo').field('name', 'a\u0000b'),
        running.http.get('/echo?id[]=1&id[]=%00'),
        running.http.get('/echo/missing%00'),
      ];
      for (const res of await Promise.all(requests)) {
        expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: refused });
      }
      await running.http.post('/echo').send({ name: '%00' }).expect(201);
    });

    it('validates with class-validator into 422 with details', async () => {
      const res = await running.http.post('/echo').send({ name: 'too long' }).expect(422);
      expect(res.body.error).toMatch(/^Validation failed: Name /);
      expect(res.body.details.name[0]).toEqual({
        error: 'ERR_INVALID',
        description: expect.any(String),
      });
    });
  });

  describe('query strings', () => {
    it.each([
      ['false', false],
      ['f', false],
      ['0', false],
      ['off', false],
      ['no', false],
      ['', false],
      ['FALSE', false],
      ['true', true],
      ['1', true],
      ['t', true],
      ['on', true],
      ['yes', true],
    ])('treats local=%p as %p', async (value, expected) => {
      const res = await running.http.get(`/echo?local=${value}`).expect(200);
      expect(res.body.local).toBe(expected);
    });

    it('reads id[]= arrays and single values', async () => {
      expect((await running.http.get('/echo?id[]=1&id[]=2').expect(200)).body.id).toEqual([
        '1',
        '2',
      ]);
      expect((await running.http.get('/echo?id=7').expect(200)).body.id).toEqual(['7']);
    });
  });

  describe('pagination', () => {
    it('reads the cursors and clamps limit', async () => {
      const res = await running.http
        .get('/echo/page?max_id=10&since_id=2&min_id=3&limit=500')
        .expect(200);
      expect(res.body).toEqual({ maxId: '10', sinceId: '2', minId: '3', limit: 40 });
      expect((await running.http.get('/echo/page').expect(200)).body.limit).toBe(20);
      expect((await running.http.get('/echo/page?limit=-5').expect(200)).body.limit).toBe(5);
    });

    it('rejects malformed cursors with 422', async () => {
      const res = await running.http.get('/echo/page?max_id=abc').expect(422);
      expect(res.body.error).toMatch(/max_id/);
      await running.http.get('/echo/page?limit=ten').expect(422);
    });

    it('writes next with max_id and prev with min_id, keeping limit and named params', async () => {
      const res = await running.http
        .get('/echo/page?limit=5&local=true&types[]=follow&other=x')
        .expect(200);
      expect(res.headers.link).toBe(
        '<https://nestodon.test/echo/page?limit=5&local=true&types%5B%5D=follow&max_id=100>; rel="next", ' +
          '<https://nestodon.test/echo/page?limit=5&local=true&types%5B%5D=follow&min_id=200>; rel="prev"',
      );
    });
  });

  describe('errors', () => {
    it.each([
      ['/echo/missing', 404, { error: 'Record not found' }],
      ['/echo/forbidden', 403, { error: 'This action is not allowed' }],
      ['/no/such/route', 404, { error: 'Record not found' }],
      ['/echo/crash', 500, { error: 'Internal server error' }],
    ])('%s answers %i in Mastodon shape', async (path, status, body) => {
      const res = await running.http.get(path).expect(status);
      expect(res.body).toEqual(body);
    });

    it('carries details on 422', async () => {
      const res = await running.http.get('/echo/invalid').expect(422);
      expect(res.body).toEqual({
        error: 'Validation failed: Username is taken',
        details: { username: [{ error: 'ERR_TAKEN', description: 'is already taken' }] },
      });
    });
  });
});

describe('CORS for browser clients', () => {
  let running: RunningApp;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [EchoController] }).compile();
    const app = moduleRef.createNestApplication<NestExpressApplication>({
      bodyParser: false,
      logger: false,
    });
    configureHttp(app);
    running = await listen(app);
  });
  afterAll(() => running.close());

  it('answers preflight requests for API paths', async () => {
    const res = await running.http
      .options('/api/v1/timelines/home')
      .set('Origin', 'https://elk.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type')
      .expect(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type');
  });

  it('lets browsers read API responses and their Link and rate-limit headers', async () => {
    const res = await running.http
      .get('/api/v1/nothing')
      .set('Origin', 'https://elk.example')
      .expect(404);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toContain('Link');
  });

  it('does not open other paths', async () => {
    const res = await running.http.get('/echo').set('Origin', 'https://elk.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
