import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';

/** Mastodon's AsyncRefresh entity. */
export interface AsyncRefresh {
  id: string;
  status: 'running' | 'finished';
  resultCount: number | null;
}

/** How long a refresh is remembered after it starts (Mastodon keeps them a day). */
const TTL_SECONDS = 24 * 3600;

/**
 * Background work a client may poll (GET /api/v1_alpha/async_refreshes/:id, Mastodon 4.4):
 * started under a key (the work it stands for) by an account, finished by the worker. Kept in
 * Redis; only the account that started one may read it.
 */
@Injectable()
export class AsyncRefreshStore {
  constructor(private readonly redis: RedisService) {}

  /** Starts a refresh for `key`, or returns the one running already. */
  async start(key: string, accountId: string): Promise<AsyncRefresh> {
    const running = await this.running(key);
    if (running) return running;
    const id = randomBytes(12).toString('base64url');
    await this.redis.client
      .multi()
      .hset(this.refreshKey(id), { status: 'running', account_id: accountId })
      .expire(this.refreshKey(id), TTL_SECONDS)
      .set(this.pointerKey(key), id, 'EX', TTL_SECONDS)
      .exec();
    return { id, status: 'running', resultCount: null };
  }

  /** The refresh running for `key`, if any. */
  async running(key: string): Promise<AsyncRefresh | null> {
    const id = await this.redis.client.get(this.pointerKey(key));
    if (!id) return null;
    const found = await this.read(id);
    return found?.refresh.status === 'running' ? found.refresh : null;
  }

  /** Marks the refresh of `key` finished (nothing when none runs). */
  async finish(key: string, resultCount: number | null = null): Promise<void> {
    const id = await this.redis.client.get(this.pointerKey(key));
    if (!id) return;
    const fields: Record<string, string> = { status: 'finished' };
    if (resultCount !== null) fields.result_count = String(resultCount);
    await this.redis.client
      .multi()
      .hset(this.refreshKey(id), fields)
      .del(this.pointerKey(key))
      .exec();
  }

  /** A refresh the account started; null for unknown ones and others' refreshes. */
  async find(id: string, accountId: string): Promise<AsyncRefresh | null> {
    if (!/^[\w-]{1,64}$/.test(id)) return null;
    const found = await this.read(id);
    return found && found.accountId === accountId ? found.refresh : null;
  }

  private async read(id: string): Promise<{ refresh: AsyncRefresh; accountId: string } | null> {
    const hash = await this.redis.client.hgetall(this.refreshKey(id));
    if (!hash.status) return null;
    return {
      accountId: hash.account_id,
      refresh: {
        id,
        status: hash.status === 'finished' ? 'finished' : 'running',
        resultCount: hash.result_count ? Number(hash.result_count) : null,
      },
    };
  }

  private refreshKey(id: string): string {
    return `async_refresh:${id}`;
  }

  private pointerKey(key: string): string {
    return `async_refresh_key:${key}`;
  }
}
