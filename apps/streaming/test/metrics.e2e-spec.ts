import { Channel } from '@nestodon/pubsub';
import { metricSample } from '@nestodon/testing';
import { actor, Actor } from './support/accounts';
import { StreamSocket } from './support/stream-clients';
import { listening, post, startStreamingWorld, StreamingWorld } from './support/streaming-harness';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('metrics of the api and streaming processes (METRICS_TOKEN on their ports)', () => {
  let world: StreamingWorld;
  let alice: Actor;
  let socket: StreamSocket;

  beforeAll(async () => {
    world = await startStreamingWorld({ env: { METRICS_TOKEN: TOKEN } });
    alice = await actor(world.api.dataSource);
  });
  afterAll(async () => {
    socket?.close();
    await world.close();
  });

  const scrape = async (app: StreamingWorld['streaming']) =>
    (await app.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

  it('answers 401 without the token or with another', async () => {
    for (const app of [world.api, world.streaming]) {
      const res = await app.http.get('/metrics').expect(401);
      expect(res.body).toEqual({ error: 'The access token is invalid' });
      await app.http.get('/metrics').set('Authorization', 'Bearer not-the-token').expect(401);
      // An OAuth token of a user is not the metrics token either.
      await app.http.get('/metrics').set('Authorization', alice.auth).expect(401);
    }
  });

  it('times api requests by route template and status, with database and Redis work', async () => {
    const id = await post(world, alice.auth, { status: 'measured' });
    await world.api.http.get(`/api/v1/statuses/${id}`).expect(200);
    await world.api.http.get('/api/v1/statuses/1').expect(404);
    await world.api.http.get('/api/v1/accounts/verify_credentials').expect(401);
    const text = await scrape(world.api);
    const requests = (route: string, status: string, method = 'GET') =>
      metricSample(text, 'nestodon_http_request_duration_seconds_count', { method, route, status });
    expect(requests('/api/v1/statuses', '200', 'POST')).toBe(1);
    expect(requests('/api/v1/statuses/:id', '200')).toBe(1);
    expect(requests('/api/v1/statuses/:id', '404')).toBe(1);
    expect(requests('/api/v1/accounts/verify_credentials', '401')).toBe(1);
    expect(text).not.toContain(`route="/api/v1/statuses/${id}"`);
    expect(
      metricSample(text, 'nestodon_db_query_duration_seconds_count', { statement: 'insert' }),
    ).toBeGreaterThan(0);
    expect(metricSample(text, 'nestodon_db_pool_max', {})).toBe(world.api.config.database.poolSize);
    expect(metricSample(text, 'nestodon_redis_command_duration_seconds_count', {})).toBeGreaterThan(
      0,
    );
    expect(metricSample(text, 'nestodon_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts streaming connections and the messages they receive and send', async () => {
    socket = await StreamSocket.open(world.streaming.url, {
      token: alice.auth.replace(/^Bearer /, ''),
      via: 'header',
      query: { stream: 'user' },
    });
    await listening(world.streaming, Channel.user(alice.account.id));
    const id = await post(world, alice.auth, { status: 'streamed and counted' });
    await socket.event('update', id);

    const text = await scrape(world.streaming);
    expect(metricSample(text, 'nestodon_streaming_connections', { transport: 'websocket' })).toBe(
      1,
    );
    expect(metricSample(text, 'nestodon_streaming_connections', { transport: 'sse' })).toBe(0);
    expect(metricSample(text, 'nestodon_streaming_channels', {})).toBeGreaterThanOrEqual(1);
    expect(
      metricSample(text, 'nestodon_streaming_messages_received_total', { event: 'update' }),
    ).toBe(1);
    expect(
      metricSample(text, 'nestodon_streaming_messages_sent_total', {
        event: 'update',
        transport: 'websocket',
      }),
    ).toBe(1);
    expect(text).toContain('process="streaming"');
  });
});
