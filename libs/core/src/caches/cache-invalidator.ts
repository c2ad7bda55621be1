import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { RedisService } from '@nestodon/platform';

/** What a process may cache in its own memory, each dropped on its own announcement. */
export const CacheTopic = {
  Settings: 'settings',
  Instance: 'instance',
  IpBlocks: 'ip_blocks',
} as const;
export type CacheTopic = (typeof CacheTopic)[keyof typeof CacheTopic];

/** Announcement that drops every topic (`cache clear`). */
const EVERY_TOPIC = '*';
const CHANNEL = 'cache:invalidate';

/**
 * Keeps the caches held in each process's memory in step across processes: a change announces
 * its topic over Redis pub/sub and every process (this one at once) drops what it holds. While
 * this process is not subscribed (starting, or Redis reconnecting) it may miss announcements,
 * so it drops everything when the connection closes and `listening` tells caches to hold
 * nothing until the subscription is back. Without Redis there are no announcements to hear:
 * caches hold nothing and every read goes to PostgreSQL.
 */
@Injectable()
export class CacheInvalidator {
  private readonly droppers = new Map<string, Set<() => void>>();
  private started = false;
  private subscribed = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
  ) {}

  /** Whether announcements reach this process now. */
  get listening(): boolean {
    this.listen();
    return this.subscribed;
  }

  /** Runs `drop` whenever `topic` is announced, and whenever announcements may have been missed. */
  onInvalidate(topic: CacheTopic, drop: () => void): void {
    let set = this.droppers.get(topic);
    if (!set) this.droppers.set(topic, (set = new Set()));
    set.add(drop);
    this.listen();
  }

  /** Makes every process drop what it cached of `topic`, or of everything. */
  async announce(topic: CacheTopic | 'all'): Promise<void> {
    const message = topic === 'all' ? EVERY_TOPIC : topic;
    if (this.config.redis.enabled) {
      await this.redis.client.publish(`${this.redis.namespace}${CHANNEL}`, message);
    }
    this.drop(message);
  }

  private drop(message: string): void {
    for (const [topic, droppers] of this.droppers) {
      if (message !== EVERY_TOPIC && message !== topic) continue;
      for (const drop of droppers) drop();
    }
  }

  private listen(): void {
    if (this.started || !this.config.redis.enabled) return;
    this.started = true;
    const subscriber = this.redis.connection();
    subscriber.on('message', (_channel: string, message: string) => this.drop(message));
    // ioredis reconnects by itself; until it has, caches hold nothing.
    subscriber.on('error', () => undefined);
    subscriber.on('close', () => {
      this.subscribed = false;
      this.drop(EVERY_TOPIC);
    });
    subscriber.on('ready', () => {
      subscriber.subscribe(`${this.redis.namespace}${CHANNEL}`).then(
        () => (this.subscribed = true),
        () => undefined, // the next 'ready' subscribes again
      );
    });
  }
}
