import type { Context } from '@fedify/fedify';
import { Delete, Undo, Update, type Activity } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  DomainError,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import { RemoteActors } from './remote-actors';

/**
 * What inbox handlers look up: the signer's account (the verified actor, stored or
 * refreshed), our own accounts and statuses by their ActivityPub ids, and remote ones we know.
 */
@Injectable()
export class InboundLookups {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly statuses: StatusRepository,
    private readonly remoteActors: RemoteActors,
  ) {}

  /**
   * The account of the activity's actor, whom Fedify verified as the signer: as stored while
   * fresh, else its actor fetched (an embedded actor is not believed) and stored. Null for a
   * suspended (or deleted) account, whose activities are dropped as Mastodon drops them, but
   * for its Deletes, Updates and Undos.
   */
  async signer(ctx: Context<unknown>, activity: Activity): Promise<Account | null> {
    if (!activity.actorId) return null;
    const account = await this.remoteActors.resolveUri(activity.actorId.href, ctx);
    const stillHeard =
      activity instanceof Delete || activity instanceof Update || activity instanceof Undo;
    return account.suspendedAt === null || stillHeard ? account : null;
  }

  /** A local account by its actor id, or null. */
  async localAccount(ctx: Context<unknown>, uri: URL | null): Promise<Account | null> {
    const parsed = uri ? ctx.parseUri(uri) : null;
    if (parsed?.type !== 'actor') return null;
    return this.accounts.findLocalByUsername(parsed.identifier);
  }

  /** An account (local, or remote and already known) by actor id. */
  async knownAccount(ctx: Context<unknown>, uri: URL): Promise<Account | null> {
    return (await this.localAccount(ctx, uri)) ?? (await this.accounts.findByUri(uri.href));
  }

  /** A live status (ours or a remote one stored here) by its ActivityPub id, with author. */
  async status(ctx: Context<unknown>, uri: URL | null): Promise<Status | null> {
    if (!uri) return null;
    const parsed = ctx.parseUri(uri);
    let id: string | null = null;
    if (parsed?.type === 'object' && /^\d{1,19}$/.test(String(parsed.values.id))) {
      id = String(parsed.values.id);
    } else if (uri.origin !== ctx.origin) {
      id = (await this.statuses.findByUri(uri.href))?.id ?? null;
    }
    return id ? this.statuses.findOneWithRelations(id) : null;
  }
}

/**
 * Runs a core service for an inbound activity; what the rules refuse (not found, not
 * permitted, invalid) is dropped, as Mastodon drops it, rather than retried.
 */
export async function unlessRefused<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
