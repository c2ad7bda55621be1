import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ExpiringStore } from '@nestodon/platform';

/** Mastodon's AsyncRefresh entity. */
export interface AsyncRefresh {
  id: string;
  status: 'running' | 'finished';
  resultCount: number | null;
}

/** How long a refresh is remembered after it starts (Mastodon keeps them a day). */
const TTL_MS = 24 * 3600 * 1000;

interface StoredRefresh {
  status: AsyncRefresh['status'];
  account_id: string;
  result_count: number | null;
}

/**
 * Background work a client may poll (GET /api/v1_alpha/async_refreshes/:id, Mastodon 4.4):
 * started under a key (the work it stands for) by an account, finished by the worker. Kept in
 * ExpiringStore (Redis, or PostgreSQL without it); only the account that started one may read it.
 */
@Injectable()
export class AsyncRefreshStore {
  constructor(private readonly store: ExpiringStore) {}

  /** Starts a refresh for `key`, or returns the one running already. */
  async start(key: string, accountId: string): Promise<AsyncRefresh> {
    const running = await this.running(key);
    if (running) return running;
    const id = randomBytes(12).toString('base64url');
    await this.write(id, { status: 'running', account_id: accountId, result_count: null });
    await this.store.set(this.pointerKey(key), id, TTL_MS);
    return { id, status: 'running', resultCount: null };
  }

  /** The refresh running for `key`, if any. */
  async running(key: string): Promise<AsyncRefresh | null> {
    const id = await this.store.get(this.pointerKey(key));
    if (!id) return null;
    const found = await this.read(id);
    return found?.refresh.status === 'running' ? found.refresh : null;
  }

  /** Marks the refresh of `key` finished (nothing when none runs). */
  async finish(key: string, resultCount: number | null = null): Promise<void> {
    const id = await this.store.get(this.pointerKey(key));
    if (!id) return;
    const found = await this.read(id);
    if (found) {
      await this.write(id, {
        status: 'finished',
        account_id: found.accountId,
        result_count: resultCount ?? found.refresh.resultCount,
      });
    }
    await this.store.delete(this.pointerKey(key));
  }

  /** A refresh the account started; null for unknown ones and others' refreshes. */
  async find(id: string, accountId: string): Promise<AsyncRefresh | null> {
    if (!/^[\w-]{1,64}$/.test(id)) return null;
    const found = await this.read(id);
    return found && found.accountId === accountId ? found.refresh : null;
  }

  private write(id: string, refresh: StoredRefresh): Promise<void> {
    return this.store.set(this.refreshKey(id), JSON.stringify(refresh), TTL_MS);
  }

  private async read(id: string): Promise<{ refresh: AsyncRefresh; accountId: string } | null> {
    const stored = await this.store.get(this.refreshKey(id));
    if (!stored) return null;
    const refresh = JSON.parse(stored) as StoredRefresh;
    return {
      accountId: refresh.account_id,
      refresh: { id, status: refresh.status, resultCount: refresh.result_count },
    };
  }

  /** Not `async_refresh:`, where earlier versions kept Redis hashes. */
  private refreshKey(id: string): string {
    return `async_refreshes:${id}`;
  }

  private pointerKey(key: string): string {
    return `async_refresh_key:${key}`;
  }
}
