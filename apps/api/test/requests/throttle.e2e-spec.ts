import { createAccessToken, createAccountWithToken } from '@nestodon/testing';
import { throttleableAddress } from '@nestodon/auth';
import { ApiHarness, startApi } from '../support/api-harness';

/**
 * Issue 13: the general API throttle, as Mastodon's rack-attack (limits lowered here: 3
 * unauthenticated requests per address, 5 per user, 4 per token in 5 minutes). Requests come
 * through a loopback proxy naming the client in X-Forwarded-For, as behind a reverse proxy.
 */
describe('general API throttle', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({
      env: {
        THROTTLE_UNAUTHENTICATED_API: '3',
        THROTTLE_AUTHENTICATED_API: '5',
        THROTTLE_PER_TOKEN_API: '4',
      },
    });
  });
  afterAll(() => api.close());

  const from = (ip: string, path = '/api/v1/instance', auth?: string) => {
    const request = api.http.get(path).set('X-Forwarded-For', ip);
    return auth ? request.set('Authorization', auth) : request;
  };

  it('counts unauthenticated requests per client address, routed or not, with X-RateLimit headers', async () => {
    const answers = [];
    for (const path of ['/api/v1/instance', '/api/v1/no-such-route', '/api/v2/instance']) {
      answers.push(await from('203.0.113.7', path));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200]);
    expect(answers.map((answer) => answer.headers['x-ratelimit-remaining'])).toEqual([
      '2',
      '1',
      '0',
    ]);
    expect(answers[0].headers['x-ratelimit-limit']).toBe('3');
    expect(answers[0].headers['x-ratelimit-reset']).toMatch(/^\d{4}-\d\d-\d\dT[\d:]+\.\d{6}Z$/);

    const refused = await from('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests' });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    // A POST with a body is counted before the body is read.
    await api.http
      .post('/api/v1/apps')
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ client_name: 'x', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' })
      .expect(429);

    // Another client is not affected.
    await from('203.0.113.8').expect(200);
  });

  it('counts IPv6 clients by their /64', async () => {
    for (let i = 1; i <= 3; i++) await from(`2001:db8:0:1::${i}`).expect(200);
    await from('2001:db8:0:1:ffff::9').expect(429);
    await from('2001:db8:0:2::1').expect(200);
    expect(throttleableAddress('2001:db8:0:1:ffff::9')).toBe('2001:db8:0:1::/64');
    expect(throttleableAddress('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('counts signed-in requests per token and per user', async () => {
    const alice = await createAccountWithToken(api.dataSource);
    const second = `Bearer ${await createAccessToken(api.dataSource, { user: alice.user })}`;
    const path = '/api/v1/accounts/verify_credentials';
    // Another address each time: the user and the token are counted, not the address.
    for (let i = 1; i <= 4; i++) {
      const answer = await from(`198.51.100.${i}`, path, alice.auth).expect(200);
      expect(answer.headers['x-ratelimit-limit']).toBe('5');
      expect(answer.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    }
    await from('198.51.100.5', path, second).expect(200); // the user's 5th, this token's 1st
    const refused = await from('198.51.100.6', path, second).expect(429); // the user's 6th
    expect(refused.body).toEqual({ error: 'Too many requests' });
    expect(refused.headers['x-ratelimit-limit']).toBe('5');
    // The token's own limit (4) is reached too.
    const byToken = await from('198.51.100.7', path, alice.auth).expect(429);
    expect(byToken.headers['x-ratelimit-limit']).toBeDefined();
  });

  it('never throttles clients on the machine itself', async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await api.http.get('/api/v1/instance').expect(200);
      expect(answer.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
