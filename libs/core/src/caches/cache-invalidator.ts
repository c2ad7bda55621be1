import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Channel, PublisherService, SubscriberService, SystemEvent } from '@nestodon/pubsub';

/** What a process may cache in its own memory, each dropped on its own announcement. */
export const CacheTopic = {
  Settings: 'settings',
  Instance: 'instance',
  IpBlocks: 'ip_blocks',
  RenderedStatuses: 'rendered_statuses',
} as const;
export type CacheTopic = (typeof CacheTopic)[keyof typeof CacheTopic];

/** Announcement that drops every topic (`cache clear`). */
const EVERY_TOPIC = '*';
/** How soon a process tries to listen again after failing to (the connection is away). */
const RETRY_MS = 2000;

/**
 * Keeps the caches held in each process's memory in step across processes: a change announces
 * its topic over pub/sub (Redis, or PostgreSQL without it) and every process (this one at
 * once) drops what it holds. While this process is not subscribed (starting, or the connection
 * reconnecting) it may miss announcements, so it drops everything when the connection is lost
 * and `listening` tells caches to hold nothing until the subscription is back.
 */
@Injectable()
export class CacheInvalidator implements OnApplicationShutdown {
  private readonly logger = new Logger(CacheInvalidator.name);
  private readonly droppers = new Map<string, Set<() => void>>();
  private started = false;
  private subscribed = false;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly publisher: PublisherService,
    private readonly subscriber: SubscriberService,
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
    await this.publisher.publish(Channel.cacheInvalidation, {
      event: SystemEvent.Invalidate,
      payload: message,
    });
    this.drop(message);
  }

  onApplicationShutdown(): void {
    clearTimeout(this.retry);
  }

  private drop(message: string): void {
    for (const [topic, droppers] of this.droppers) {
      if (message !== EVERY_TOPIC && message !== topic) continue;
      for (const drop of droppers) drop();
    }
  }

  private listen(): void {
    if (this.started) return;
    this.started = true;
    this.subscriber.onLost(() => {
      this.subscribed = false;
      this.drop(EVERY_TOPIC);
      this.subscribeSoon();
    });
    void this.subscribe();
  }

  private async subscribe(): Promise<void> {
    try {
      await this.subscriber.subscribe(Channel.cacheInvalidation, (message) => {
        if (message.event === SystemEvent.Invalidate && message.payload) this.drop(message.payload);
      });
      this.subscribed = true;
    } catch (error) {
      this.logger.debug(`cache announcements not heard yet: ${String(error)}`);
      this.subscribeSoon();
    }
  }

  private subscribeSoon(): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.subscribe(), RETRY_MS);
    this.retry.unref();
  }
}
