import type { Recipient } from '@fedify/vocab';
import { Hashtag, Object as APObject } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import {
  INSTANCE_ACTOR_IDENTIFIER,
  LocalUris,
  renderAnnounce,
  renderCreate,
  renderStatusObject,
} from '@nestodon/activitypub/render';
import {
  Account,
  AccountStatsRepository,
  FeaturedTagsRepository,
  FollowRepository,
  ListedAccount,
  RelationshipListsRepository,
  Status,
  StatusRepository,
  StatusVisibility,
} from '@nestodon/domain';
import { ActorFactsLoader } from './actor-facts';
import { FederationRoutes, NestodonFederation, NestodonRequestContext } from './federation-types';
import { SignedFetchGate } from './signed-fetch';
import { StatusFactsLoader } from './status-facts';

const FIRST_PAGE = 'first';
const FOLLOWS_PER_PAGE = 40;
const STATUSES_PER_PAGE = 20;
/** Pinned statuses are few (Mastodon allows 5): the featured collection is one page. */
const MAX_FEATURED = 20;
const PUBLIC_VISIBILITIES = [StatusVisibility.Public, StatusVisibility.Unlisted];

/** A page cursor: the row id to continue below, or the first page. */
const maxIdOf = (cursor: string) => (cursor === FIRST_PAGE ? undefined : cursor);
const isCursor = (cursor: string) => cursor === FIRST_PAGE || /^\d{1,19}$/.test(cursor);

/**
 * An account's collections, as Mastodon publishes them: followers and following paged (only
 * their size when the owner hides them), the outbox of public and unlisted posts and boosts,
 * pinned statuses (featured) and featured hashtags.
 */
@Injectable()
export class CollectionRoutes implements FederationRoutes {
  constructor(
    private readonly actors: ActorFactsLoader,
    private readonly stats: AccountStatsRepository,
    private readonly lists: RelationshipListsRepository,
    private readonly statuses: StatusRepository,
    private readonly featuredTags: FeaturedTagsRepository,
    private readonly follows: FollowRepository,
    private readonly statusFacts: StatusFactsLoader,
    private readonly uris: LocalUris,
    private readonly gate: SignedFetchGate,
  ) {}

  register(federation: NestodonFederation): void {
    federation
      .setFollowersDispatcher('/users/{identifier}/followers', (_ctx, identifier, cursor) =>
        this.networkPage(identifier, cursor, 'followers'),
      )
      .setCounter((_ctx, identifier) => this.count(identifier, 'followersCount'))
      .setFirstCursor((_ctx, identifier) => this.firstNetworkCursor(identifier))
      .authorize(this.authorize);

    federation
      .setFollowingDispatcher('/users/{identifier}/following', async (_ctx, identifier, cursor) => {
        const page = await this.networkPage(identifier, cursor, 'following');
        return page && { ...page, items: page.items.map((recipient) => recipient.id!) };
      })
      .setCounter((_ctx, identifier) => this.count(identifier, 'followingCount'))
      .setFirstCursor((_ctx, identifier) => this.firstNetworkCursor(identifier))
      .authorize(this.authorize);

    federation
      .setOutboxDispatcher('/users/{identifier}/outbox', async (_ctx, identifier, cursor) => {
        if (identifier === INSTANCE_ACTOR_IDENTIFIER) return { items: [] };
        const owner = await this.actors.findLocal(identifier);
        if (!owner || cursor === null || !isCursor(cursor)) return null;
        const page = await this.statuses.accountStatusIds(
          owner.id,
          { visibilities: PUBLIC_VISIBILITIES, mentionedViewerId: null },
          {},
          { maxId: maxIdOf(cursor), limit: STATUSES_PER_PAGE },
        );
        const loaded = await this.loadInOrder(page.items.map(({ item }) => item));
        const originals = loaded.filter((status) => !status.reblogOfId);
        const facts = new Map(
          (await this.statusFacts.load(originals)).map((fact) => [fact.id, fact]),
        );
        const items = loaded.map((status) =>
          status.reblog
            ? renderAnnounce(
                {
                  id: status.id,
                  username: owner.username,
                  visibility: status.visibility,
                  createdAt: status.createdAt,
                  original: {
                    uri: this.statusFacts.statusId(status.reblog),
                    authorUri: this.actors.actorId(status.reblog.account!),
                  },
                },
                this.uris,
              )
            : renderCreate(facts.get(status.id)!, this.uris),
        );
        const last = page.items.at(-1);
        return { items, nextCursor: page.full && last ? last.cursor : null };
      })
      .setCounter((_ctx, identifier) =>
        identifier === INSTANCE_ACTOR_IDENTIFIER ? 0 : this.count(identifier, 'statusesCount'),
      )
      // Unknown accounts have no first page: the dispatcher is then asked for all and says 404.
      .setFirstCursor(async (_ctx, identifier) =>
        identifier !== INSTANCE_ACTOR_IDENTIFIER && (await this.actors.findLocal(identifier))
          ? FIRST_PAGE
          : null,
      )
      .authorize(this.authorize);

    federation
      .setFeaturedDispatcher(
        '/users/{identifier}/collections/featured',
        async (_ctx, identifier) => {
          const owner = await this.actors.findLocal(identifier);
          if (!owner) return null;
          const page = await this.statuses.accountStatusIds(
            owner.id,
            { visibilities: PUBLIC_VISIBILITIES, mentionedViewerId: null },
            { pinned: true, excludeReblogs: true },
            { limit: MAX_FEATURED },
          );
          const pinned = await this.loadInOrder(page.items.map(({ item }) => item));
          const facts = await this.statusFacts.load(pinned);
          return { items: facts.map((fact) => renderStatusObject(fact, this.uris)) };
        },
      )
      .authorize(this.authorize);

    federation
      .setFeaturedTagsDispatcher(
        '/users/{identifier}/collections/tags',
        async (_ctx, identifier) => {
          const owner = await this.actors.findLocal(identifier);
          if (!owner) return null;
          const tags = await this.featuredTags.forAccount(owner);
          return {
            items: tags.map(
              (tag) =>
                new Hashtag({
                  href: new URL(this.uris.taggedProfile(owner.username, tag.name)),
                  name: `#${tag.name}`,
                }),
            ),
          };
        },
      )
      .authorize(this.authorize);

    this.registerFollowersSynchronization(federation);
  }

  /**
   * Mastodon's follower synchronisation (`/users/:username/followers_synchronization`): the
   * account's followers on the signer's server, for it to compare with its own list. Only
   * ever served to a signed request.
   */
  private registerFollowersSynchronization(federation: NestodonFederation): void {
    federation
      .setOrderedCollectionDispatcher(
        'followers-synchronization',
        APObject,
        '/users/{identifier}/followers_synchronization',
        async (ctx, { identifier }) => {
          const owner = await this.actors.findLocal(identifier);
          const signer = owner && (await this.gate.signer(ctx));
          if (!owner || !signer) return null;
          const uris = await this.follows.followerUrisWithPrefix(owner.id, `${signer.origin}/`);
          // Fedify's collections take plain ids as items; its typing names objects only.
          return { items: uris.map((uri) => new URL(uri)) as unknown as APObject[] };
        },
      )
      .authorize((ctx) => this.gate.isSignedByPeer(ctx));
  }

  /** Secure mode's check; the instance actor's (empty) collections stay public as it does. */
  private readonly authorize = (ctx: NestodonRequestContext, identifier: string) =>
    identifier === INSTANCE_ACTOR_IDENTIFIER ? true : this.gate.allows(ctx);

  private async count(
    identifier: string,
    counter: 'followersCount' | 'followingCount' | 'statusesCount',
  ): Promise<number | null> {
    const owner = await this.actors.findLocal(identifier);
    if (!owner) return null;
    const stats = await this.stats.forAccounts([owner.id]);
    return stats.get(owner.id)?.[counter] ?? 0;
  }

  /** Hidden networks publish only their size: no first page to follow. */
  private async firstNetworkCursor(identifier: string): Promise<string | null> {
    const owner = await this.actors.findLocal(identifier);
    return owner && !owner.hideCollections ? FIRST_PAGE : null;
  }

  private async networkPage(
    identifier: string,
    cursor: string | null,
    list: 'followers' | 'following',
  ): Promise<{ items: Recipient[]; nextCursor?: string | null } | null> {
    const owner = await this.actors.findLocal(identifier);
    if (!owner) return null;
    // A hidden network (asked for without a cursor) is an empty collection with its size.
    if (owner.hideCollections) return cursor === null ? { items: [] } : null;
    if (cursor === null || !isCursor(cursor)) return null;
    const page = { maxId: maxIdOf(cursor), limit: FOLLOWS_PER_PAGE };
    const rows: ListedAccount[] =
      list === 'followers'
        ? await this.lists.followers(owner.id, page, null)
        : await this.lists.following(owner.id, page, null);
    return {
      items: rows.flatMap(({ account }) => this.recipient(account) ?? []),
      nextCursor: rows.length === FOLLOWS_PER_PAGE ? rows[rows.length - 1].rowId : null,
    };
  }

  /** An account as Fedify addresses it: actor id, inbox and shared inbox (none without an id). */
  private recipient(account: Account): Recipient | null {
    if (account.domain === null) {
      return {
        id: new URL(this.uris.actor(account.username)),
        inboxId: new URL(this.uris.inbox(account.username)),
        endpoints: { sharedInbox: new URL(this.uris.sharedInbox()) },
      };
    }
    if (!account.uri) return null;
    return {
      id: new URL(account.uri),
      inboxId: account.inboxUrl ? new URL(account.inboxUrl) : null,
      endpoints: { sharedInbox: account.sharedInboxUrl ? new URL(account.sharedInboxUrl) : null },
    };
  }

  private async loadInOrder(ids: string[]): Promise<Status[]> {
    const byId = new Map(
      (await this.statuses.findWithRelations(ids)).map((status) => [status.id, status]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
