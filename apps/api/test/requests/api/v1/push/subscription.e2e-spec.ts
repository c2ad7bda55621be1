import webpush from 'web-push';
import { itRequiresScopes } from '@nestodon/testing';
import { PushDevice } from '../../../../support/push-receiver';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { actor, authWith, TimelineActor } from '../../../../support/timelines';

const vapid = webpush.generateVAPIDKeys();
const ENDPOINT = 'https://push.example/subscriptions/abc';

describe('/api/v1/push/subscription', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  const device = new PushDevice();

  beforeAll(async () => {
    api = await startApi({
      env: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
    });
    alice = await actor(api.dataSource);
  });
  afterAll(() => api.close());

  const subscribe = (auth: string, body: Record<string, unknown>) =>
    api.http.post('/api/v1/push/subscription').set('Authorization', auth).send(body);

  it('creates, shows, changes and removes the token’s subscription', async () => {
    const created = await subscribe(alice.auth, {
      subscription: { endpoint: ENDPOINT, keys: device.keys, standard: true },
      data: { alerts: { mention: true, favourite: 'true', follow: false }, policy: 'followed' },
    }).expect(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      endpoint: ENDPOINT,
      standard: true,
      alerts: {
        mention: true,
        status: false,
        reblog: false,
        follow: false,
        follow_request: false,
        favourite: true,
        poll: false,
        update: false,
        quote: false,
        quoted_update: false,
        'admin.sign_up': false,
        'admin.report': false,
      },
      policy: 'followed',
      server_key: vapid.publicKey,
    });
    const shown = await api.http
      .get('/api/v1/push/subscription')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(shown.body).toEqual(created.body);

    const changed = await api.http
      .put('/api/v1/push/subscription')
      .set('Authorization', alice.auth)
      .send({ data: { alerts: { follow: true }, policy: 'all' } })
      .expect(200);
    expect(changed.body).toMatchObject({
      id: created.body.id,
      endpoint: ENDPOINT,
      policy: 'all',
      alerts: expect.objectContaining({ follow: true, mention: false }),
    });
    const patched = await api.http
      .patch('/api/v1/push/subscription')
      .set('Authorization', alice.auth)
      .send({ data: { alerts: { poll: true }, policy: 'none' } })
      .expect(200);
    expect(patched.body).toMatchObject({
      policy: 'none',
      alerts: expect.objectContaining({ poll: true, follow: false }),
    });

    await api.http
      .delete('/api/v1/push/subscription')
      .set('Authorization', alice.auth)
      .expect(200, {});
    await api.http.get('/api/v1/push/subscription').set('Authorization', alice.auth).expect(404);
  });

  it('keeps one subscription per token: subscribing again replaces it', async () => {
    const first = await subscribe(alice.auth, {
      subscription: { endpoint: ENDPOINT, keys: device.keys },
    }).expect(200);
    const second = await subscribe(alice.auth, {
      subscription: { endpoint: `${ENDPOINT}/2`, keys: device.keys },
    }).expect(200);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body).toMatchObject({ standard: false, policy: 'all' });
    const other = await authWith(api.dataSource, alice, 'push');
    await api.http.get('/api/v1/push/subscription').set('Authorization', other).expect(404);
  });

  itRequiresScopes(() => api, 'read write', [
    'GET /api/v1/push/subscription',
    'POST /api/v1/push/subscription',
    'PUT /api/v1/push/subscription',
    'DELETE /api/v1/push/subscription',
  ]);

  it('answers 404 for changing a subscription that does not exist', async () => {
    const fresh = await authWith(api.dataSource, alice, 'push');
    await api.http
      .put('/api/v1/push/subscription')
      .set('Authorization', fresh)
      .send({ data: { policy: 'all' } })
      .expect(404);
  });

  it.each([
    [{ keys: device.keys }, "Validation failed: Endpoint can't be blank"],
    [{ endpoint: 'not a url', keys: device.keys }, 'Validation failed: Endpoint is not a URL'],
    [
      { endpoint: 'ftp://push.example/x', keys: device.keys },
      'Validation failed: Endpoint must be an https URL',
    ],
    [
      { endpoint: ENDPOINT, keys: { ...device.keys, p256dh: 'short' } },
      'Validation failed: Key p256dh is not a valid key',
    ],
    [
      { endpoint: ENDPOINT, keys: { p256dh: device.keys.p256dh } },
      "Validation failed: Key auth can't be blank",
    ],
  ])('answers 422 for a bad subscription %#', async (subscription, error) => {
    const res = await subscribe(alice.auth, { subscription }).expect(422);
    expect(res.body).toEqual({ error });
  });

  it('answers 422 for an unknown policy', async () => {
    const res = await subscribe(alice.auth, {
      subscription: { endpoint: ENDPOINT, keys: device.keys },
      data: { policy: 'friends' },
    }).expect(422);
    expect(res.body.error).toMatch(/Policy must be one of all, followed, follower, none/);
  });

  it('publishes the VAPID public key in instance v2 and on apps, as Mastodon', async () => {
    const res = await api.http.get('/api/v2/instance').expect(200);
    expect(res.body.configuration.vapid).toEqual({ public_key: vapid.publicKey });
    const registered = await api.http
      .post('/api/v1/apps')
      .send({ client_name: 'Pusher', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' })
      .expect(200);
    expect(registered.body.vapid_key).toBe(vapid.publicKey);
    const alice = await actor(api.dataSource);
    const verified = await api.http
      .get('/api/v1/apps/verify_credentials')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(verified.body.vapid_key).toBe(vapid.publicKey);
  });
});

describe('/api/v1/push/subscription without VAPID keys', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('says push is off', async () => {
    const alice = await actor(api.dataSource);
    const res = await api.http
      .get('/api/v1/push/subscription')
      .set('Authorization', alice.auth)
      .expect(503);
    expect(res.body.error).toMatch(/Web Push is not enabled/);
    const instance = await api.http.get('/api/v2/instance').expect(200);
    expect(instance.body.configuration.vapid).toEqual({ public_key: '' });
  });
});

describe('/api/v1/push/subscription where private addresses are not allowed', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({
      env: {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        ALLOW_PRIVATE_ADDRESS: 'false',
      },
    });
  });
  afterAll(() => api.close());

  it.each([
    ['http://push.example/x', 'Validation failed: Endpoint must be an https URL'],
    ['https://127.0.0.1:8443/x', 'Validation failed: Endpoint must be a public address'],
    ['https://[::1]/x', 'Validation failed: Endpoint must be a public address'],
    ['https://localhost/x', 'Validation failed: Endpoint must be a public address'],
  ])('refuses %s', async (endpoint, error) => {
    const alice = await actor(api.dataSource);
    const res = await api.http
      .post('/api/v1/push/subscription')
      .set('Authorization', alice.auth)
      .send({ subscription: { endpoint, keys: new PushDevice().keys } })
      .expect(422);
    expect(res.body).toEqual({ error });
  });
});
