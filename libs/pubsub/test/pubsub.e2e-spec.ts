import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ConfigModule } from '@nestodon/config';
import { DatabaseModule, RedisModule } from '@nestodon/platform';
import {
  Channel,
  PublisherService,
  PubSubModule,
  PubSubTransport,
  StreamEvent,
  StreamMessage,
  SubscriberService,
} from '@nestodon/pubsub';
import { createTestEnvironment, TEST_REDIS_URL, TestEnvironment, waitFor } from '@nestodon/testing';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

/** Drops a process's listening connection on the server's side, as a network loss would. */
type ConnectionKiller = (
  environment: TestEnvironment,
  app: INestApplicationContext,
) => Promise<void>;

const killRedisSubscriber: ConnectionKiller = async (environment) => {
  const admin = new Redis(TEST_REDIS_URL);
  try {
    const name = `${environment.config.redis.namespace}subscriber`;
    const list = (await admin.client('LIST')) as string;
    const ids = list
      .split('\n')
      .filter((line) => line.includes(` name=${name} `))
      .map((line) => /^id=(\d+)/.exec(line)![1]);
    expect(ids).toHaveLength(1);
    await admin.client('KILL', 'ID', ids[0]);
  } finally {
    admin.disconnect();
  }
};

const killPostgresListener: ConnectionKiller = async (_environment, app) => {
  const [row]: Array<{ killed: number }> = await app.get(DataSource).query(
    `SELECT count(pg_terminate_backend(pid))::int AS killed FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'nestodon-listener'`,
  );
  expect(row.killed).toBe(1);
};

/**
 * The pub/sub contract, run against both adapters on the real servers: Redis PUBLISH/SUBSCRIBE
 * (this file's namespace) and PostgreSQL LISTEN/NOTIFY (this file's database). Messages go from
 * one process (a Nest context) to another.
 */
const ADAPTERS: Array<[string, Record<string, string>, ConnectionKiller]> = [
  ['Redis', { USE_REDIS: 'always' }, killRedisSubscriber],
  ['PostgreSQL', { USE_REDIS: 'never' }, killPostgresListener],
];

describe.each(ADAPTERS)('pub/sub on %s', (_name, env, killConnection) => {
  let environment: TestEnvironment;
  let publishing: INestApplicationContext;
  let listening: INestApplicationContext;
  let publisher: PublisherService;
  let subscriber: SubscriberService;

  const boot = async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(environment.config),
        DatabaseModule,
        RedisModule,
        PubSubModule,
      ],
    }).compile();
    return moduleRef.init();
  };

  beforeAll(async () => {
    environment = await createTestEnvironment({ env });
    publishing = await boot();
    listening = await boot();
    publisher = publishing.get(PublisherService);
    subscriber = listening.get(SubscriberService);
  });
  afterAll(async () => {
    await Promise.all([publishing?.close(), listening?.close()]);
    await environment.teardown();
  });

  /** Subscribes and collects what arrives, as [channel, payload] pairs. */
  async function collect(channel: string) {
    const received: Array<[string, string | undefined]> = [];
    const release = await subscriber.subscribe(channel, (message, from) =>
      received.push([from, message.payload]),
    );
    return { received, release };
  }

  const update = (payload: string): StreamMessage => ({ event: StreamEvent.Update, payload });

  it('delivers to the subscribers of a channel in order, and stops after release', async () => {
    const { received, release } = await collect(Channel.public);
    const other = await collect(Channel.publicLocal);
    for (const n of [1, 2, 3]) await publisher.publish(Channel.public, update(`p${n}`));
    expect(await waitFor(async () => received.length === 3)).toBe(true);
    expect(received).toEqual([1, 2, 3].map((n) => [Channel.public, `p${n}`]));
    expect(other.received).toEqual([]);

    await release();
    await publisher.publish([Channel.public, Channel.publicLocal], update('after'));
    expect(await waitFor(async () => other.received.length === 1)).toBe(true);
    expect(received).toHaveLength(3);
    await other.release();
  });

  it('keeps a channel while any of its listeners remains', async () => {
    const first = await collect(Channel.hashtag('cats'));
    const second = await collect(Channel.hashtag('cats'));
    await first.release();
    await publisher.publish(Channel.hashtag('Cats'), update('meow'));
    expect(await waitFor(async () => second.received.length === 1)).toBe(true);
    expect(first.received).toEqual([]);
    await second.release();
  });

  it('publishes to an account channel only while some process listens to it', async () => {
    const transport = publishing.get(PubSubTransport);
    const home = Channel.user('1001');
    expect(await transport.subscribedAmong([home])).toEqual(new Set());
    const { received, release } = await collect(home);
    expect(await transport.subscribedAmong([home, Channel.user('1002')])).toEqual(new Set([home]));
    await publisher.publish([home, Channel.user('1002')], update('hello'));
    expect(await waitFor(async () => received.length === 1)).toBe(true);
    await release();
  });

  it('carries long messages, many channels at once and any hashtag', async () => {
    // Longer than a NOTIFY payload may be (8000 bytes), in multi-byte characters.
    const long = 'ü'.repeat(12_000);
    const tag = `${'ß'.repeat(60)}${'x'.repeat(60)}`;
    const channels = [
      Channel.public,
      Channel.hashtag(tag),
      ...Array.from({ length: 60 }, (_, n) => Channel.hashtagLocal(`tag${n}_${'y'.repeat(30)}`)),
    ];
    const listeners = await Promise.all(channels.map(collect));
    await publisher.publish(channels, update(long));
    await publisher.publish(channels, update('short'));
    expect(
      await waitFor(async () => listeners.every(({ received }) => received.length === 2)),
    ).toBe(true);
    for (const [index, { received, release }] of listeners.entries()) {
      expect(received).toEqual([
        [channels[index], long],
        [channels[index], 'short'],
      ]);
      await release();
    }
  });

  it('reports a lost connection, then serves new subscriptions once it is back', async () => {
    let lost = 0;
    subscriber.onLost(() => (lost += 1));
    const before = await collect(Channel.public);
    await subscriber.ping();
    await killConnection(environment, listening);
    expect(await waitFor(async () => lost === 1)).toBe(true);
    // Back by itself: the readiness check answers again.
    expect(
      await waitFor(() =>
        subscriber.ping().then(
          () => subscriber.available,
          () => false,
        ),
      ),
    ).toBe(true);

    const after = await collect(Channel.public);
    await publisher.publish(Channel.public, update('again'));
    expect(await waitFor(async () => after.received.length === 1)).toBe(true);
    // The subscription from before the loss is gone with it.
    expect(before.received).toEqual([]);
    await after.release();
  });
});

describe('pub/sub on PostgreSQL: what it stores', () => {
  let environment: TestEnvironment;
  let app: INestApplicationContext;
  let transport: PubSubTransport;
  let dataSource: DataSource;

  beforeAll(async () => {
    environment = await createTestEnvironment({ env: { USE_REDIS: 'never' } });
    const moduleRef = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(environment.config),
        DatabaseModule,
        RedisModule,
        PubSubModule,
      ],
    }).compile();
    app = await moduleRef.init();
    transport = app.get(PubSubTransport);
    dataSource = app.get(DataSource);
  });
  afterAll(async () => {
    await app?.close();
    await environment.teardown();
  });

  const count = async (sql: string) => ((await dataSource.query(sql)) as Array<{ n: number }>)[0].n;

  it('keeps long messages for a minute, and short ones not at all', async () => {
    await transport.publish([Channel.public], 'short');
    expect(await count(`SELECT count(*)::int AS n FROM pubsub_payloads`)).toBe(0);
    await transport.publish([Channel.public], 'x'.repeat(9000));
    expect(await count(`SELECT count(*)::int AS n FROM pubsub_payloads`)).toBe(1);
    await dataSource.query(`UPDATE pubsub_payloads SET created_at = now() - interval '61 seconds'`);
    await transport.publish([Channel.public], 'y'.repeat(9000));
    expect(await count(`SELECT count(*)::int AS n FROM pubsub_payloads`)).toBe(1);
  });

  it('lets subscription markers expire, and removes expired ones', async () => {
    const [a, b] = [Channel.user('1'), Channel.user('2')];
    await transport.markSubscribed([a, b], 60);
    await dataSource.query(
      `UPDATE pubsub_subscriptions SET expires_at = now() - interval '1 second' WHERE channel = $1`,
      [a],
    );
    expect(await transport.subscribedAmong([a, b])).toEqual(new Set([b]));
    await transport.markSubscribed([b], 60);
    expect(await count(`SELECT count(*)::int AS n FROM pubsub_subscriptions`)).toBe(1);
  });
});
