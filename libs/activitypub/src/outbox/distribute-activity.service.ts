import { signObject } from '@fedify/fedify';
import type { Activity } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import {
  ActorFactsLoader,
  FederationService,
  StatusFactsLoader,
} from '@nestodon/activitypub/federation';
import {
  LocalUris,
  renderAnnounce,
  renderBlock,
  renderCreate,
  renderDeleteActor,
  renderDeleteStatus,
  renderFeaturedChange,
  renderFlag,
  renderFollow,
  renderFollowAnswer,
  renderLike,
  renderUndoAnnounce,
  renderUndoBlock,
  renderUndoFollow,
  renderUndoLike,
  renderUpdateActor,
  renderUpdateStatus,
  renderVote,
} from '@nestodon/activitypub/render';
import {
  Account,
  AccountRepository,
  InboxRepository,
  PollRepository,
  ReportRepository,
  Status,
  StatusRepository,
  StatusVisibility,
} from '@nestodon/domain';
import {
  DELIVERY_JOB_OPTIONS,
  INSTANCE_ACTOR_SENDER,
  JobName,
  JobQueue,
  OutboundActivity,
} from '@nestodon/queue';
import { SigningKeysCache } from './signing-keys';
import { toWireFormat } from './wire-format';

/** What to send: activities of one local account, and the inboxes they go to. */
interface Plan {
  accountId: string;
  activities: Activity[];
  inboxes: string[];
  /** Ask each server to check its list of the account's followers (Collection-Synchronization). */
  syncFollowers?: boolean;
}

type Of<T extends OutboundActivity['type']> = Extract<OutboundActivity, { type: T }>;

/**
 * Turns what a local account did into deliveries (the worker's DistributeActivity job):
 * renders the activity once, finds its audience's inboxes as Mastodon does (followers unless
 * direct, the mentioned, the author replied to or reblogged, the account followed, blocked
 * or voted with) and enqueues one signed delivery per inbox, shared inboxes once. Each
 * activity carries an Object Integrity Proof (FEP-8b32) made with the actor's Ed25519 key, as
 * Fedify's own sending does, so it can be verified wherever it is forwarded. Activities of
 * remote accounts, and of rows gone since, send nothing.
 */
@Injectable()
export class DistributeActivityService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly statuses: StatusRepository,
    private readonly polls: PollRepository,
    private readonly reports: ReportRepository,
    private readonly inboxes: InboxRepository,
    private readonly statusFacts: StatusFactsLoader,
    private readonly actors: ActorFactsLoader,
    private readonly federation: FederationService,
    private readonly uris: LocalUris,
    private readonly jobs: JobQueue,
    private readonly keys: SigningKeysCache,
  ) {}

  /** How many deliveries were enqueued. */
  async call(activity: OutboundActivity): Promise<number> {
    const plan = await this.plan(activity);
    if (!plan || plan.inboxes.length === 0) return 0;
    const keys = await this.keys.forAccount(plan.accountId);
    if (!keys) return 0;
    const ctx = this.federation.federation.createContext(new URL(this.uris.baseUrl), {
      gone: null,
    });
    const loaders = { contextLoader: ctx.contextLoader, documentLoader: ctx.documentLoader };
    for (const rendered of plan.activities) {
      const signed = await signObject(
        rendered,
        keys.ed25519.privateKey,
        keys.ed25519.keyId,
        loaders,
      );
      const compact = await signed.toJsonLd({
        format: 'compact',
        contextLoader: ctx.contextLoader,
      });
      const body = JSON.stringify(toWireFormat(compact));
      await this.jobs.enqueueMany(
        JobName.DeliverActivity,
        plan.inboxes.map((inbox) => ({
          accountId: plan.accountId,
          inbox,
          body,
          ...(plan.syncFollowers && { syncFollowers: true }),
        })),
        DELIVERY_JOB_OPTIONS,
      );
    }
    return plan.inboxes.length * plan.activities.length;
  }

  private plan(activity: OutboundActivity): Promise<Plan | null> {
    switch (activity.type) {
      case 'create':
      case 'update':
      case 'delete':
        return this.statusPlan(activity.type, activity.statusId);
      case 'like':
      case 'unlike':
        return this.likePlan(activity);
      case 'follow':
      case 'unfollow':
        return this.followPlan(activity);
      case 'accept_follow':
      case 'reject_follow':
        return this.followAnswerPlan(activity);
      case 'block':
      case 'unblock':
        return this.blockPlan(activity);
      case 'pin':
      case 'unpin':
        return this.pinPlan(activity);
      case 'update_actor':
        return this.actorUpdatePlan(activity.accountId);
      case 'vote':
        return this.votePlan(activity);
      case 'delete_actor':
        return this.actorDeletePlan(activity);
      case 'flag':
        return this.flagPlan(activity.reportId);
    }
  }

  private async statusPlan(
    type: 'create' | 'update' | 'delete',
    statusId: string,
  ): Promise<Plan | null> {
    const status = await this.statuses.findOneWithRelations(statusId, {
      withDeleted: type === 'delete',
    });
    const author = status?.account;
    if (!status || !author || author.domain !== null) return null;
    if (status.reblogOfId) return type === 'update' ? null : this.reblogPlan(type, status);
    const direct = status.visibility === StatusVisibility.Direct;
    const broad = status.visibility <= StatusVisibility.Unlisted;
    const inboxes = await this.inboxes.statusInboxes(
      status.id,
      broad && status.inReplyToAccountId ? [status.inReplyToAccountId] : [],
      direct ? null : author.id,
    );
    // Nobody to send to (no remote follower or mention): nothing to render.
    if (inboxes.length === 0) return null;
    const [facts] = await this.statusFacts.load([status]);
    const activity =
      type === 'create'
        ? renderCreate(facts, this.uris)
        : type === 'update'
          ? renderUpdateStatus(facts, this.uris)
          : renderDeleteStatus(
              {
                id: status.id,
                username: author.username,
                visibility: status.visibility,
                mentions: facts.mentions.map((mention) => mention.uri),
              },
              this.uris,
            );
    // Followers-only posts let each server check who it thinks follows (Mastodon's rule).
    const syncFollowers = status.visibility === StatusVisibility.Private;
    return { accountId: author.id, activities: [activity], inboxes, syncFollowers };
  }

  /** A reblog: Announce when made, Undo of it when removed; to followers and the original's author. */
  private async reblogPlan(type: 'create' | 'delete', reblog: Status): Promise<Plan | null> {
    const original = reblog.reblog;
    if (!original?.account) return null;
    const author = reblog.account!;
    const announce = renderAnnounce(
      {
        id: reblog.id,
        username: author.username,
        visibility: reblog.visibility,
        createdAt: reblog.createdAt,
        original: {
          uri: this.statusFacts.statusId(original),
          authorUri: this.actors.actorId(original.account),
        },
      },
      this.uris,
    );
    return {
      accountId: author.id,
      activities: [
        type === 'create' ? announce : renderUndoAnnounce(announce, author.username, this.uris),
      ],
      inboxes: await this.inboxes.statusInboxes(reblog.id, [original.accountId], author.id),
    };
  }

  private async likePlan(activity: Of<'like' | 'unlike'>): Promise<Plan | null> {
    const [account, status] = await Promise.all([
      this.localAccount(activity.accountId),
      this.statuses.findOneWithRelations(activity.statusId, { withDeleted: true }),
    ]);
    if (!account || !status?.account || status.account.domain === null) return null;
    const facts = {
      favouriteId: activity.favouriteId,
      username: account.username,
      statusUri: this.statusFacts.statusId(status),
    };
    return {
      accountId: account.id,
      activities: [
        activity.type === 'like' ? renderLike(facts, this.uris) : renderUndoLike(facts, this.uris),
      ],
      inboxes: await this.inboxes.inboxesOf([status.accountId]),
    };
  }

  private async followPlan(activity: Of<'follow' | 'unfollow'>): Promise<Plan | null> {
    const pair = await this.localAndRemote(activity.accountId, activity.targetAccountId);
    if (!pair) return null;
    const [account, target] = pair;
    const followerUri = this.uris.actor(account.username);
    const facts = {
      uri: activity.followUri ?? `${followerUri}#follows/${activity.followId}`,
      followerUri,
      targetUri: this.actors.actorId(target),
    };
    return {
      accountId: account.id,
      activities: [
        activity.type === 'follow'
          ? renderFollow(facts)
          : renderUndoFollow(facts, account.username, this.uris),
      ],
      inboxes: await this.inboxes.inboxesOf([target.id]),
    };
  }

  private async followAnswerPlan(
    activity: Of<'accept_follow' | 'reject_follow'>,
  ): Promise<Plan | null> {
    const pair = await this.localAndRemote(activity.accountId, activity.followerId);
    if (!pair) return null;
    const [account, follower] = pair;
    const followerUri = this.actors.actorId(follower);
    const facts = {
      id: activity.followId,
      // A Follow we know without its id is answered under one derived from the row.
      uri: activity.followUri ?? `${followerUri}#follows/${activity.followId}`,
      followerUri,
      targetUri: this.uris.actor(account.username),
    };
    const kind = activity.type === 'accept_follow' ? 'accept' : 'reject';
    return {
      accountId: account.id,
      activities: [renderFollowAnswer(kind, facts, account.username, this.uris)],
      inboxes: await this.inboxes.inboxesOf([follower.id]),
    };
  }

  private async blockPlan(activity: Of<'block' | 'unblock'>): Promise<Plan | null> {
    const pair = await this.localAndRemote(activity.accountId, activity.targetAccountId);
    if (!pair) return null;
    const [account, target] = pair;
    const facts = {
      blockId: activity.blockId,
      username: account.username,
      targetUri: this.actors.actorId(target),
    };
    return {
      accountId: account.id,
      activities: [
        activity.type === 'block'
          ? renderBlock(facts, this.uris)
          : renderUndoBlock(facts, this.uris),
      ],
      inboxes: await this.inboxes.inboxesOf([target.id]),
    };
  }

  private async pinPlan(activity: Of<'pin' | 'unpin'>): Promise<Plan | null> {
    const account = await this.localAccount(activity.accountId);
    if (!account) return null;
    const change = renderFeaturedChange(
      activity.type === 'pin' ? 'add' : 'remove',
      { username: account.username, statusId: activity.statusId, at: new Date() },
      this.uris,
    );
    return {
      accountId: account.id,
      activities: [change],
      inboxes: await this.inboxes.followerInboxes(account.id),
    };
  }

  /** The actor as its own document shows it (Fedify's dispatcher, keys included). */
  private async actorUpdatePlan(accountId: string): Promise<Plan | null> {
    const account = await this.localAccount(accountId);
    if (!account) return null;
    const ctx = this.federation.federation.createContext(
      new Request(this.uris.actor(account.username)),
      { gone: null },
    );
    const actor = await ctx.getActor(account.username);
    if (!actor) return null;
    return {
      accountId: account.id,
      activities: [renderUpdateActor(actor, new Date())],
      inboxes: await this.inboxes.followerInboxes(account.id),
    };
  }

  /** One Note per chosen option, to the poll's remote author. */
  private async votePlan(activity: Of<'vote'>): Promise<Plan | null> {
    const [account, poll] = await Promise.all([
      this.localAccount(activity.accountId),
      this.polls.findById(activity.pollId),
    ]);
    if (!account || !poll?.statusId) return null;
    const status = await this.statuses.findOneWithRelations(poll.statusId);
    if (!status?.account || status.account.domain === null) return null;
    const questionUri = this.statusFacts.statusId(status);
    const pollAuthorUri = this.actors.actorId(status.account);
    const activities = activity.choices.flatMap((choice) => {
      const title = poll.options[choice];
      if (title === undefined) return [];
      return [
        renderVote(
          {
            voteId: `${poll.id}-${choice}`,
            username: account.username,
            choice: title,
            questionUri,
            pollAuthorUri,
            createdAt: new Date(),
          },
          this.uris,
        ),
      ];
    });
    return {
      accountId: account.id,
      activities,
      inboxes: await this.inboxes.inboxesOf([status.accountId]),
    };
  }

  private async actorDeletePlan(activity: Of<'delete_actor'>): Promise<Plan | null> {
    const account = await this.accounts.findById(activity.accountId);
    if (!account || account.domain !== null) return null;
    return {
      accountId: account.id,
      activities: [renderDeleteActor(account.username, this.uris)],
      inboxes: activity.inboxes,
    };
  }

  /**
   * A forwarded report, as Mastodon's ReportService forwards it: a Flag from the instance
   * actor naming the account and the reported statuses, with the comment, to the reported
   * account's inbox when its server is among the domains to forward to, and to the servers
   * among them of the accounts the reported statuses reply to.
   */
  private async flagPlan(reportId: string): Promise<Plan | null> {
    const report = await this.reports.findById(reportId);
    const target = report && (await this.accounts.findById(report.targetAccountId));
    if (!report || !target || target.domain === null) return null;
    const statuses = await this.statuses.findWithRelations(report.statusIds, { withDeleted: true });
    const forwardTo = new Set(report.forwardToDomains);
    const repliedTo = await this.accounts.findByIds(
      statuses.flatMap((status) => status.inReplyToAccountId ?? []),
    );
    const targetInboxes = [target.inboxUrl, target.sharedInboxUrl];
    const otherServers = (
      await this.inboxes.inboxesOf(
        repliedTo
          .filter((account) => account.domain !== null && forwardTo.has(account.domain))
          .map((account) => account.id),
      )
    ).filter((inbox) => !targetInboxes.includes(inbox));
    const own = report.forwarded && target.inboxUrl ? [target.inboxUrl] : [];
    const facts = {
      reportId: report.id,
      comment: report.comment,
      targetUri: this.actors.actorId(target),
      statusUris: statuses.map((status) => this.statusFacts.statusId(status)),
    };
    return {
      accountId: INSTANCE_ACTOR_SENDER,
      activities: [renderFlag(facts, this.uris)],
      inboxes: [...new Set([...own, ...otherServers])],
    };
  }

  private async localAccount(id: string): Promise<Account | null> {
    const account = await this.accounts.findById(id);
    return account && account.domain === null ? account : null;
  }

  /** A local account and a remote one, or null when either is not so. */
  private async localAndRemote(
    localId: string,
    remoteId: string,
  ): Promise<[Account, Account] | null> {
    const [local, remote] = await Promise.all([
      this.localAccount(localId),
      this.accounts.findById(remoteId),
    ]);
    return local && remote && remote.domain !== null ? [local, remote] : null;
  }
}
