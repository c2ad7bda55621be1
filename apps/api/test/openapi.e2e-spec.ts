import type { OpenAPIObject } from '@nestjs/swagger';
import { createAccountWithToken, AccountWithToken, solidImage } from '@nestodon/testing';
import request from 'supertest';
import { openApiPath } from '../src/openapi/openapi-document';
import { unknownResponseRoutes } from '../src/openapi/route-responses';
import { ApiHarness, startApi } from './support/api-harness';
import { mappedRoutes } from './support/mapped-routes';
import { OpenApiValidator, ResponseLike } from './support/openapi-validator';

describe('the OpenAPI document (/api/openapi.json)', () => {
  let api: ApiHarness;
  let document: OpenAPIObject;
  let validator: OpenApiValidator;
  let alice: AccountWithToken;
  let bob: AccountWithToken;
  const checked: ResponseLike[] = [];

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createAccountWithToken(api.dataSource, { username: 'alice' });
    bob = await createAccountWithToken(api.dataSource, { username: 'bob' });
    const res = await api.http.get('/api/openapi.json').expect(200);
    document = res.body as OpenAPIObject;
    validator = new OpenApiValidator(document);
  });
  afterAll(() => api.close());

  /** Sends a request as `who` and keeps the response for validation against the document. */
  async function call(
    who: AccountWithToken | null,
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    body?: Record<string, unknown>,
  ): Promise<request.Response> {
    let req = api.http[method](path);
    if (who) req = req.set('Authorization', who.auth);
    const res = await (body ? req.send(body) : req);
    expect(validator.problems(res as unknown as ResponseLike)).toEqual([]);
    checked.push(res as unknown as ResponseLike);
    return res;
  }

  it('is OpenAPI 3.1 with the Mastodon entities as component schemas', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Nestodon');
    for (const entity of ['Account', 'Status', 'Notification', 'Relationship', 'Poll', 'Error']) {
      expect(document.components?.schemas?.[entity]).toBeDefined();
    }
    expect(document.components?.securitySchemes?.OAuth2).toMatchObject({ type: 'oauth2' });
  });

  it('describes every route the api maps, with its OAuth scopes', () => {
    const missing = mappedRoutes(api.app).filter(
      (route) => !document.paths[openApiPath(route.path)]?.[route.method.toLowerCase() as 'get'],
    );
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    expect(document.paths['/api/v1/statuses']?.post?.security).toEqual([
      { OAuth2: ['write:statuses'] },
    ]);
    expect(document.paths['/api/v1/instance']?.get?.security).toEqual([]);
  });

  it('names only mapped routes in its table of response bodies', () => {
    expect(unknownResponseRoutes(mappedRoutes(api.app))).toEqual([]);
  });

  it('serves a browsable page', async () => {
    const res = await api.http.get('/api/docs').redirects(1).expect(200);
    expect(res.text).toContain('swagger-ui');
  });

  it('matches what the main endpoints really answer', async () => {
    const me = await call(alice, 'get', '/api/v1/accounts/verify_credentials');
    expect(me.status).toBe(200);
    await call(null, 'get', `/api/v1/accounts/${bob.account.id}`);
    await call(null, 'get', '/api/v1/accounts/lookup?acct=bob');
    await call(bob, 'post', `/api/v1/accounts/${alice.account.id}/follow`);
    await call(alice, 'get', `/api/v1/accounts/relationships?id[]=${bob.account.id}`);
    await call(alice, 'get', `/api/v1/accounts/${alice.account.id}/followers`);
    await call(alice, 'patch', '/api/v1/accounts/update_credentials', { note: 'hello' });
    await call(alice, 'get', '/api/v1/preferences');

    const posted = await call(alice, 'post', '/api/v1/statuses', {
      status: 'Hello #openapi @bob',
      spoiler_text: 'cw',
      poll: { options: ['yes', 'no'], expires_in: 3600 },
    });
    expect(posted.status).toBe(200);
    const id = posted.body.id as string;
    const reply = await call(bob, 'post', '/api/v1/statuses', {
      status: '@alice a reply',
      in_reply_to_id: id,
    });
    await call(null, 'get', `/api/v1/statuses/${id}`);
    await call(bob, 'get', `/api/v1/statuses/${id}/context`);
    await call(bob, 'post', `/api/v1/statuses/${id}/favourite`);
    await call(bob, 'post', `/api/v1/statuses/${id}/reblog`);
    await call(bob, 'post', `/api/v1/statuses/${id}/bookmark`);
    await call(alice, 'post', `/api/v1/statuses/${id}/pin`);
    await call(alice, 'put', `/api/v1/statuses/${id}`, { status: 'Hello again #openapi' });
    await call(alice, 'get', `/api/v1/statuses/${id}/history`);
    await call(null, 'get', `/api/v1/statuses/${id}/favourited_by`);
    await call(bob, 'post', `/api/v1/polls/${posted.body.poll.id}/votes`, { choices: ['0'] });
    await call(alice, 'get', `/api/v1/accounts/${alice.account.id}/statuses`);
    await call(bob, 'get', '/api/v1/bookmarks');
    await call(bob, 'get', '/api/v1/favourites');
    await call(alice, 'post', '/api/v1/statuses', {
      status: 'later',
      scheduled_at: new Date(Date.now() + 3600_000).toISOString(),
    });
    await call(alice, 'get', '/api/v1/scheduled_statuses');
    await call(bob, 'post', '/api/v1/statuses', { status: '@alice psst', visibility: 'direct' });
    await call(alice, 'get', '/api/v1/conversations');

    await call(bob, 'get', '/api/v1/timelines/home');
    await call(null, 'get', '/api/v1/timelines/public');
    await call(null, 'get', '/api/v1/timelines/tag/openapi');
    await call(alice, 'get', '/api/v1/notifications');
    await call(alice, 'get', '/api/v2/notifications');
    await call(alice, 'get', '/api/v1/notifications/unread_count');
    await call(alice, 'get', '/api/v2/notifications/policy');

    const listRes = await call(alice, 'post', '/api/v1/lists', { title: 'Friends' });
    await call(alice, 'get', `/api/v1/lists/${listRes.body.id}`);
    await call(alice, 'get', '/api/v1/lists');
    await call(alice, 'post', '/api/v1/markers', { home: { last_read_id: reply.body.id } });
    await call(alice, 'get', '/api/v1/markers?timeline[]=home');
    await call(alice, 'post', '/api/v2/filters', {
      title: 'spoilers',
      context: ['home'],
      keywords_attributes: [{ keyword: 'spoiler' }],
    });
    await call(alice, 'get', '/api/v2/filters');
    await call(alice, 'get', '/api/v1/filters');
    await call(alice, 'post', '/api/v1/tags/openapi/follow');
    await call(null, 'get', '/api/v1/tags/openapi');
    await call(alice, 'get', '/api/v1/followed_tags');
    await call(alice, 'post', '/api/v1/featured_tags', { name: 'openapi' });
    await call(alice, 'get', '/api/v1/featured_tags');
    await call(alice, 'post', `/api/v1/accounts/${bob.account.id}/mute`);
    await call(alice, 'get', '/api/v1/mutes');
    await call(alice, 'get', '/api/v1/blocks');
    await call(alice, 'get', '/api/v2/suggestions');
    await call(null, 'get', '/api/v1/directory');

    const media = await api.http
      .post('/api/v2/media')
      .set('Authorization', alice.auth)
      .attach('file', await solidImage(8, 8, 'png'), 'dot.png');
    expect(validator.problems(media as unknown as ResponseLike)).toEqual([]);
    await call(alice, 'get', `/api/v1/media/${media.body.id}`);

    const app = await call(null, 'post', '/api/v1/apps', {
      client_name: 'OpenAPI test',
      redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
    });
    expect(app.status).toBe(200);
    await call(alice, 'get', '/api/v1/apps/verify_credentials');
  });

  it('matches what errors answer', async () => {
    await call(null, 'get', '/api/v1/accounts/verify_credentials');
    await call(alice, 'get', '/api/v1/statuses/1');
    await call(alice, 'post', '/api/v1/statuses', {});
    expect(checked.map((res) => res.status)).toEqual(expect.arrayContaining([401, 404, 422]));
  });
});
