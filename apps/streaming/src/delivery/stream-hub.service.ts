import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Metrics } from '@nestodon/platform';
import { Channel, StreamMessage, SubscriberService, SystemEvent } from '@nestodon/pubsub';
import { isRedisUnavailable } from '@nestodon/platform';
import { StreamError } from '../auth/stream-error';
import { ResolvedStream } from '../streams/stream-kind';
import { StreamConnection, Subscription, subscriptionId } from './connection';
import { DeliveryPipeline } from './delivery-pipeline.service';
import { SubscriberFacts } from './subscriber-facts.service';
import { STREAMING_OPTIONS, StreamingOptions } from './streaming-options';

interface ChannelEntry {
  subscriptions: Set<Subscription>;
  /** The Redis subscription is in place. */
  ready: boolean;
  /** Resolves to the Redis unsubscription once the channel is subscribed. */
  release: Promise<() => Promise<void>>;
}

interface SystemEntry {
  connections: Set<StreamConnection>;
  release: Promise<() => Promise<void>>;
}

/** Redis failures become the 503 a client is told about. */
async function unavailableAsStreamError(work: Promise<unknown>): Promise<void> {
  try {
    await work;
  } catch (error) {
    throw isRedisUnavailable(error) ? StreamError.unavailable() : error;
  }
}

/**
 * The process's connections and what they listen to. Each Redis channel is subscribed once
 * (reference-counted by its subscriptions) and each message handed to the delivery pipeline
 * with the subscriptions of its channel. Signed-in connections also listen to their token's
 * and account's system channels: `kill` closes them, `filters_changed` drops cached filters.
 * Heartbeats go out every `heartbeatMs`; on shutdown every connection is closed cleanly.
 */
@Injectable()
export class StreamHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(StreamHub.name);
  private readonly connections = new Set<StreamConnection>();
  private readonly channels = new Map<string, ChannelEntry>();
  private readonly system = new Map<string, SystemEntry>();
  /** Connections per signed-in account, to forget cached filters with the last one. */
  private readonly accounts = new Map<string, number>();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STREAMING_OPTIONS) private readonly options: StreamingOptions,
    private readonly subscriber: SubscriberService,
    private readonly pipeline: DeliveryPipeline,
    private readonly facts: SubscriberFacts,
    metrics: Metrics,
  ) {
    const { connections, channels } = this;
    metrics.gauge({
      name: 'nestodon_streaming_connections',
      help: 'Open streaming connections, by transport',
      labelNames: ['transport'],
      collect() {
        const counts = { websocket: 0, sse: 0 };
        for (const connection of connections) counts[connection.transport] += 1;
        for (const [transport, count] of Object.entries(counts)) this.set({ transport }, count);
      },
    });
    metrics.gauge({
      name: 'nestodon_streaming_channels',
      help: 'Redis channels this process is subscribed to for its connections',
      collect() {
        this.set(channels.size);
      },
    });
  }

  /** Subscriptions a message on the channel reaches now (0 until Redis confirmed it). */
  listeners(channel: string): number {
    const entry = this.channels.get(channel);
    return entry?.ready ? entry.subscriptions.size : 0;
  }

  onApplicationBootstrap(): void {
    this.subscriber.onLost(() => this.interrupt());
    this.heartbeat = setInterval(() => {
      for (const connection of this.connections) connection.heartbeat();
    }, this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Whether streams can be served now (the pub/sub listening connection is up). */
  get available(): boolean {
    return this.subscriber.available;
  }

  /** Registers a new connection; a signed-in one listens to its system channels. */
  async open(connection: StreamConnection): Promise<void> {
    this.connections.add(connection);
    const viewer = connection.viewer;
    if (!viewer) return;
    this.accounts.set(viewer.accountId, (this.accounts.get(viewer.accountId) ?? 0) + 1);
    await unavailableAsStreamError(
      Promise.all(
        [Channel.accessToken(viewer.tokenId), Channel.system(viewer.accountId)].map((channel) =>
          this.joinSystem(channel, connection),
        ),
      ),
    );
  }

  /** Subscribes the connection to a stream; a second subscription to the same one is ignored. */
  async subscribe(connection: StreamConnection, stream: ResolvedStream): Promise<void> {
    const id = subscriptionId(stream);
    if (connection.subscriptions.has(id) || !this.connections.has(connection)) return;
    const subscription: Subscription = { connection, stream };
    connection.subscriptions.set(id, subscription);
    try {
      await unavailableAsStreamError(
        Promise.all(stream.channels.map((channel) => this.join(channel, subscription))),
      );
    } catch (error) {
      this.unsubscribe(connection, stream);
      throw error;
    }
  }

  unsubscribe(connection: StreamConnection, stream: ResolvedStream): void {
    const id = subscriptionId(stream);
    const subscription = connection.subscriptions.get(id);
    if (!subscription) return;
    connection.subscriptions.delete(id);
    for (const channel of stream.channels) this.leave(channel, subscription);
  }

  /** Forgets a closed connection and everything it listened to. */
  close(connection: StreamConnection): void {
    if (!this.connections.delete(connection)) return;
    for (const subscription of [...connection.subscriptions.values()]) {
      this.unsubscribe(connection, subscription.stream);
    }
    const viewer = connection.viewer;
    if (!viewer) return;
    for (const channel of [Channel.accessToken(viewer.tokenId), Channel.system(viewer.accountId)]) {
      this.leaveSystem(channel, connection);
    }
    const left = (this.accounts.get(viewer.accountId) ?? 1) - 1;
    if (left > 0) {
      this.accounts.set(viewer.accountId, left);
    } else {
      this.accounts.delete(viewer.accountId);
      this.facts.forgetFilters(viewer.accountId);
    }
  }

  /**
   * The pub/sub connection (Redis, or PostgreSQL's LISTEN) was lost with every subscription:
   * each client is told (WebSocket 1013, the end of its event stream) and forgotten at once,
   * so that reconnecting clients subscribe afresh.
   */
  private interrupt(): void {
    const open = [...this.connections];
    this.logger.warn(
      `closing ${open.length} streaming connections: the pub/sub connection was lost`,
    );
    for (const connection of open) {
      this.close(connection);
      connection.close('unavailable');
    }
  }

  /** SIGTERM: every connection is closed cleanly (WebSocket 1001) before the server stops. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    const open = [...this.connections];
    for (const connection of open) connection.close('shutdown');
    const deadline = new Promise<void>((resolve) =>
      setTimeout(resolve, Math.min(2000, this.config.http.shutdownTimeoutMs / 2)).unref(),
    );
    await Promise.race([Promise.all(open.map((connection) => connection.closed)), deadline]);
  }

  private async join(channel: string, subscription: Subscription): Promise<void> {
    let entry = this.channels.get(channel);
    if (!entry) {
      const subscriptions = new Set<Subscription>();
      // A handler of its own per entry: an earlier entry's release must not remove it.
      const release = this.subscriber.subscribe(channel, (message) =>
        this.pipeline.push(message, [...subscriptions]),
      );
      const created: ChannelEntry = { subscriptions, ready: false, release };
      entry = created;
      this.channels.set(channel, created);
      release.then(
        () => (created.ready = true),
        () => {
          if (this.channels.get(channel) === created) this.channels.delete(channel);
        },
      );
    }
    entry.subscriptions.add(subscription);
    await entry.release;
  }

  private leave(channel: string, subscription: Subscription): void {
    const entry = this.channels.get(channel);
    if (!entry || !entry.subscriptions.delete(subscription) || entry.subscriptions.size > 0) return;
    this.channels.delete(channel);
    this.release(channel, entry.release);
  }

  private async joinSystem(channel: string, connection: StreamConnection): Promise<void> {
    let entry = this.system.get(channel);
    if (!entry) {
      const connections = new Set<StreamConnection>();
      const release = this.subscriber.subscribe(channel, (message) =>
        this.onSystemMessage(message, [...connections]),
      );
      entry = { connections, release };
      this.system.set(channel, entry);
      release.catch(() => {
        if (this.system.get(channel) === entry) this.system.delete(channel);
      });
    }
    entry.connections.add(connection);
    await entry.release;
  }

  private leaveSystem(channel: string, connection: StreamConnection): void {
    const entry = this.system.get(channel);
    if (!entry || !entry.connections.delete(connection) || entry.connections.size > 0) return;
    this.system.delete(channel);
    this.release(channel, entry.release);
  }

  private onSystemMessage(message: StreamMessage, connections: StreamConnection[]): void {
    if (message.event === SystemEvent.Kill) {
      for (const connection of connections) connection.close('kill');
    } else if (message.event === SystemEvent.FiltersChanged) {
      const accountId = connections.find((c) => c.viewer)?.viewer?.accountId;
      if (accountId) this.facts.forgetFilters(accountId);
    }
  }

  private release(channel: string, release: Promise<() => Promise<void>>): void {
    release
      .then((unsubscribe) => unsubscribe())
      .catch((error: unknown) =>
        this.logger.warn(`unsubscribing from ${channel} failed: ${String(error)}`),
      );
  }
}
