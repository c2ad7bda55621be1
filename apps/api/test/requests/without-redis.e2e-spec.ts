import { randomUUID } from 'node:crypto';
import { AccountRepository, EphemeralStateRepository, Follow } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import Redis from 'ioredis';
import { ApiHarness, startApi } from '../support/api-harness';
import {
  authorizeThroughPages,
  browser,
  codeFrom,
  createUserWithPassword,
  OOB,
  registerApp,
} from '../support/oauth';
import { MASTODON_CONTEXT, RemoteInstance, signedPost } from '../support/remote-instance';
import { createActor } from '../support/statuses';

const PASSWORD = 'correct horse battery staple';

/**
 * Issue 16: with USE_REDIS=never the api keeps throttles, idempotency keys and web sessions in
 * PostgreSQL; none of them reaches Redis (the queue and pub/sub have adapters of their own).
 */
describe('the api without Redis', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({
      env: { USE_REDIS: 'never', THROTTLE_UNAUTHENTICATED_API: '2', LOCAL_HTTPS: 'false' },
    });
  });
  afterAll(() => api.close());

  it('throttles past the limit with 429', async () => {
    const from = (ip: string) => api.http.get('/api/v1/instance').set('X-Forwarded-For', ip);
    const answers = [await from('203.0.113.7'), await from('203.0.113.7')];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual(['1', '0']);
    const refused = await from('203.0.113.7').expect(429);
    expect(refused.body).toEqual({ error: 'Too many requests' });
    await from('203.0.113.8').expect(200);
  });

  it('posts a status once per Idempotency-Key, even concurrently', async () => {
    const erin = await createActor(api.dataSource, {});
    const send = (key: string) =>
      api.http
        .post('/api/v1/statuses')
        .set('Authorization', erin.auth)
        .set('Idempotency-Key', key)
        .send({ status: 'once' });
    const first = await send('key-1').expect(200);
    expect((await send('key-1').expect(200)).body.id).toBe(first.body.id);
    const concurrent = await Promise.all([1, 2, 3, 4].map(() => send('key-2')));
    expect(concurrent.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(concurrent.map((res) => res.body.id)).size).toBe(1);
    expect(concurrent[0].body.id).not.toBe(first.body.id);
  });

  it('keeps the web session from the sign-in page to the authorization code', async () => {
    const app = await registerApp(api, { client_name: 'No Redis Client', redirect_uris: OOB });
    const alice = await createUserWithPassword(api.dataSource, PASSWORD);
    const decision = await authorizeThroughPages(
      browser(api),
      { client_id: app.client_id, redirect_uri: OOB, scope: 'read' },
      { email: alice.email, password: PASSWORD },
    );
    expect(decision.status).toBe(200);
    const code = codeFrom(decision);
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const token = await api.http
      .post('/oauth/token')
      .send({
        grant_type: 'authorization_code',
        code,
        client_id: app.client_id,
        client_secret: app.client_secret,
        redirect_uri: OOB,
      })
      .expect(200);
    await api.http
      .get('/api/v1/accounts/verify_credentials')
      .set('Authorization', `Bearer ${token.body.access_token}`)
      .expect(200);
  });

  it('is ready with PostgreSQL alone', async () => {
    const ready = await api.http.get('/health/ready').expect(200);
    expect(ready.body).toEqual({ ready: true, checks: { postgres: true } });
    expect((await api.http.get('/health').expect(200)).body).toEqual({
      healthy: true,
      postgres: true,
    });
  });

  it('leaves no session, rate limit or idempotency key in Redis', async () => {
    const redis = new Redis(api.config.redis.url);
    try {
      const { namespace } = api.config.redis;
      for (const kind of ['session', 'ratelimit', 'idempotency']) {
        expect(await redis.keys(`${namespace}${kind}:*`)).toEqual([]);
      }
    } finally {
      redis.disconnect();
    }
  });
});

describe('federation without Redis', () => {
  let api: ApiHarness;
  let remote: RemoteInstance;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true, env: { USE_REDIS: 'never' } });
    remote = await RemoteInstance.start();
  });
  afterAll(async () => {
    await api.close();
    await remote.close();
  });

  it("keeps Fedify's key–value store in PostgreSQL: a delivery is processed once", async () => {
    const { account: alice } = await createLocalAccount(api.dataSource, { username: 'alice' });
    const bob = remote.actor('bob');
    const follow = {
      '@context': MASTODON_CONTEXT,
      id: `${bob.id}#activities/${randomUUID()}`,
      type: 'Follow',
      actor: bob.id,
      object: `${api.config.instance.baseUrl}/users/alice`,
    };
    const inbox = `${api.url}/users/alice/inbox`;
    expect((await signedPost(inbox, follow, bob)).status).toBe(202);
    // The replay is recognised from the store and not processed again.
    expect((await signedPost(inbox, follow, bob)).status).toBe(202);
    const account = (await new AccountRepository(api.dataSource).findByUri(bob.id))!;
    expect(
      await api.dataSource
        .getRepository(Follow)
        .countBy({ accountId: account.id, targetAccountId: alice.id }),
    ).toBe(1);

    const stored = await new EphemeralStateRepository(api.dataSource).valuesWithPrefix('fedify/');
    expect(stored.length).toBeGreaterThan(0);
    const redis = new Redis(api.config.redis.url);
    try {
      expect(await redis.keys(`${api.config.redis.namespace}fedify/*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
