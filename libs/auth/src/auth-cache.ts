import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AuthRowChange, AuthRowChanges, AuthRowTable } from '@nestodon/domain';
import { Channel, SubscriberService, SystemEvent } from '@nestodon/pubsub';

/** A token's row as loaded (token, app, user, account, role), and the ids it depends on. */
export interface CachedTokenRow {
  values: unknown[];
  ids: Record<AuthRowTable, string | null>;
  /** When this process last recorded the token's use (the row's own value is as loaded). */
  touchedAt?: number;
}

/**
 * How long a row serves without being reloaded. Changes are announced, so this only bounds what
 * a lost announcement (a write outside the ORM and the repositories) could leave stale.
 */
const TTL_MS = 10_000;
/** Tokens held per process; the oldest go first. */
const MAX_ENTRIES = 10_000;
const RESUBSCRIBE_MS = 1_000;

interface Entry {
  row: CachedTokenRow;
  expiresAt: number;
}

/**
 * Tokens resolved in the last seconds, by token digest, so an authenticated request needs no
 * database round trip. Every change to a row it holds is announced after commit (this
 * process's own writes at once, others' over pub/sub) and drops the entries built from it.
 * While the announcements may be missed (not subscribed yet, or Redis lost) it holds nothing.
 */
@Injectable()
export class AuthCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AuthCache.name);
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  private closed = false;
  private stopLocal?: () => void;
  private unsubscribe?: () => Promise<void>;
  private retry?: NodeJS.Timeout;
  /** Bumped by every change: a load that overlapped one may hold the old row, and is not kept. */
  private changeCount = 0;

  constructor(
    private readonly changes: AuthRowChanges,
    private readonly subscriber: SubscriberService,
  ) {}

  onModuleInit(): void {
    this.stopLocal = this.changes.listen((change) => this.invalidate(change));
    this.subscriber.onLost(() => {
      this.listening = false;
      this.unsubscribe = undefined;
      this.entries.clear();
      this.subscribeSoon();
    });
    void this.subscribe();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.stopLocal?.();
    await this.unsubscribe?.().catch(() => undefined);
  }

  /** A fresh cached row, if any. */
  get(digest: string): CachedTokenRow | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.expiresAt > Date.now()) return entry.row;
    this.entries.delete(digest);
    return undefined;
  }

  /** Call before loading a row; hand the mark to `set`. */
  mark(): number {
    return this.changeCount;
  }

  set(digest: string, row: CachedTokenRow, mark: number): void {
    if (!this.listening || mark !== this.changeCount) return;
    if (this.entries.size >= MAX_ENTRIES) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(digest, { row, expiresAt: Date.now() + TTL_MS });
  }

  invalidate(change: AuthRowChange): void {
    this.changeCount++;
    if (change.id === null) {
      this.entries.clear();
      return;
    }
    for (const [digest, entry] of this.entries) {
      if (entry.row.ids[change.table] === change.id) this.entries.delete(digest);
    }
  }

  private async subscribe(): Promise<void> {
    try {
      this.unsubscribe = await this.subscriber.subscribe(Channel.authRows, (message) => {
        if (message.event !== SystemEvent.AuthRowsChanged || !message.payload) return;
        try {
          this.invalidate(JSON.parse(message.payload) as AuthRowChange);
        } catch {
          this.entries.clear();
        }
      });
      this.listening = true;
    } catch (error) {
      this.logger.warn(`auth changes not heard, tokens not cached: ${String(error)}`);
      this.subscribeSoon();
    }
  }

  private subscribeSoon(): void {
    if (this.closed) return;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.subscribe(), RESUBSCRIBE_MS);
    this.retry.unref();
  }
}
