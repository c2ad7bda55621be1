import { Activity, Note, Object as APObject } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import {
  isPubliclyVisible,
  LocalUris,
  renderAnnounce,
  renderCreate,
  renderStatusObject,
  renderTombstone,
} from '@nestodon/activitypub/render';
import { StatusQueries } from '@nestodon/core';
import {
  AccountRepository,
  Status,
  StatusRepository,
  StatusStatsRepository,
} from '@nestodon/domain';
import { ActorFactsLoader } from './actor-facts';
import { FederationRoutes, NestodonFederation, NestodonRequestContext } from './federation-types';
import { SignedFetchGate } from './signed-fetch';
import { StatusFactsLoader } from './status-facts';

type StatusPath = { username: string; id: string };

/**
 * Local statuses at their ids (`/users/:username/statuses/:id`) as Note or Question, their
 * Create (or a reblog's Announce) at `/activity`, and the sizes of their replies, likes and
 * shares. Public and unlisted statuses are served to anyone; others only to a signed request
 * from an account allowed to see them, and are missing (404) for everyone else. A deleted
 * status is gone (410) with a Tombstone.
 */
@Injectable()
export class StatusRoutes implements FederationRoutes {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly stats: StatusStatsRepository,
    private readonly accounts: AccountRepository,
    private readonly visibility: StatusQueries,
    private readonly actors: ActorFactsLoader,
    private readonly statusFacts: StatusFactsLoader,
    private readonly uris: LocalUris,
    private readonly gate: SignedFetchGate,
  ) {}

  register(federation: NestodonFederation): void {
    federation
      .setObjectDispatcher(APObject, '/users/{username}/statuses/{id}', async (ctx, values) => {
        const status = await this.visibleStatus(ctx, values);
        if (!status || status.reblogOfId) return null;
        const [facts] = await this.statusFacts.load([status]);
        return renderStatusObject(facts, this.uris);
      })
      .authorize(this.authorize);

    federation
      .setObjectDispatcher(
        Activity,
        '/users/{username}/statuses/{id}/activity',
        async (ctx, values) => {
          const status = await this.visibleStatus(ctx, values);
          if (!status) return null;
          if (!status.reblog) {
            const [facts] = await this.statusFacts.load([status]);
            return renderCreate(facts, this.uris);
          }
          return renderAnnounce(
            {
              id: status.id,
              username: status.account!.username,
              visibility: status.visibility,
              createdAt: status.createdAt,
              original: {
                uri: this.statusFacts.statusId(status.reblog),
                authorUri: this.actors.actorId(status.reblog.account!),
              },
            },
            this.uris,
          );
        },
      )
      .authorize(this.authorize);

    for (const [name, counter] of [
      ['replies', 'repliesCount'],
      ['likes', 'favouritesCount'],
      ['shares', 'reblogsCount'],
    ] as const) {
      federation
        .setCollectionDispatcher(
          `status-${name}`,
          Note,
          `/users/{username}/statuses/{id}/${name}`,
          async (ctx, values) => ((await this.visibleStatus(ctx, values)) ? { items: [] } : null),
        )
        .setCounter(async (ctx, values) => {
          const status = await this.visibleStatus(ctx, values);
          if (!status) return null;
          return (await this.stats.forStatuses([status.id])).get(status.id)?.[counter] ?? 0;
        })
        .authorize(this.authorize);
    }
  }

  private readonly authorize = (ctx: NestodonRequestContext) => this.gate.allows(ctx);

  /**
   * The local status at the path if the requester may see it. Deleted ones leave a Tombstone
   * for the 410; reblogs come with the reblogged status.
   */
  private async visibleStatus(
    ctx: NestodonRequestContext,
    { username, id }: StatusPath,
  ): Promise<Status | null> {
    if (!/^\d{1,19}$/.test(id)) return null;
    const status = await this.statuses.findOneWithRelations(id, { withDeleted: true });
    const author = status?.account;
    if (!status || !author || author.domain !== null) return null;
    if (author.username.toLowerCase() !== username.toLowerCase()) return null;
    if (status.deletedAt) {
      ctx.data.gone = renderTombstone(author.username, status.id, this.uris);
      return null;
    }
    if (isPubliclyVisible(status.visibility)) return status;
    return (await this.signedViewerMaySee(ctx, status)) ? status : null;
  }

  /** Whether the request is signed by a known account the visibility rules let see it. */
  private async signedViewerMaySee(ctx: NestodonRequestContext, status: Status): Promise<boolean> {
    const owner = await ctx.getSignedKeyOwner();
    if (!owner?.id) return false;
    const viewer = await this.accounts.findByUri(owner.id.href);
    if (!viewer) return false;
    return (await this.visibility.filterVisible([status], viewer)).length > 0;
  }
}
