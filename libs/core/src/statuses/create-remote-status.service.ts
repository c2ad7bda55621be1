import { Injectable } from '@nestjs/common';
import {
  Account,
  MediaAttachmentRepository,
  PollRepository,
  RemoteMediaFields,
  RemotePollFields,
  Status,
  StatusRepository,
  StatusVisibility,
  StatusWriteRepository,
  TombstoneRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { htmlToText } from '@nestodon/text';
import { DomainModerationQueries } from '../domain-moderation/domain-moderation-queries';
import { FindOrCreateTagsService } from '../tags/find-or-create-tags.service';
import { ProcessMentionsService } from './process-mentions.service';
import { StatusBookkeeping } from './status-bookkeeping';

/** A status as another server published it: HTML already sanitised, relations resolved. */
export interface RemoteStatusInput {
  uri: string;
  /** The page to open in a browser, when it is not the id. */
  url: string | null;
  contentHtml: string;
  spoilerText: string;
  sensitive: boolean;
  visibility: StatusVisibility;
  language: string | null;
  createdAt: Date;
  /** The status it answers, when known here. */
  inReplyTo: Status | null;
  mentioned: Array<Pick<Account, 'id'>>;
  hashtags: string[];
  /** The poll of a Question, with its server's counts. */
  poll: RemotePollFields | null;
  /** Its attachments, in order, by remote URL. */
  media: RemoteMediaFields[];
}

/**
 * Stores a remote status delivered to us (Mastodon's ActivityPub::Activity::Create): once per
 * id, never when its id was deleted first (a tombstone), in its thread's conversation, with its
 * mentions, hashtags, poll, attachments (by remote URL) and the counters it moves; then distributed like a local post (fan-out to
 * local followers' home feeds, mention notifications). Null when nothing was created.
 */
@Injectable()
export class CreateRemoteStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly writes: StatusWriteRepository,
    private readonly statuses: StatusRepository,
    private readonly tombstones: TombstoneRepository,
    private readonly mentions: ProcessMentionsService,
    private readonly tags: FindOrCreateTagsService,
    private readonly bookkeeping: StatusBookkeeping,
    private readonly polls: PollRepository,
    private readonly mediaRows: MediaAttachmentRepository,
    private readonly domainModeration: DomainModerationQueries,
    private readonly jobs: JobQueue,
  ) {}

  async call(account: Account, input: RemoteStatusInput): Promise<Status | null> {
    if ((await this.statuses.findByUri(input.uri)) || (await this.tombstones.exists(input.uri))) {
      return null;
    }
    const thread = input.inReplyTo;
    const media = await this.mediaOf(account, input.media);
    let mediaIds: string[] = [];
    const status = await this.transactions.run(async (tx) => {
      const conversationId = await this.bookkeeping.conversationFor(thread, tx);
      const inserted = await this.writes.insertStatus(
        {
          uri: input.uri,
          url: input.url,
          accountId: account.id,
          text: htmlToText(input.contentHtml),
          contentHtml: input.contentHtml,
          spoilerText: input.spoilerText,
          sensitive: input.sensitive,
          visibility: input.visibility,
          language: input.language,
          reply: thread !== null,
          inReplyToId: thread?.id ?? null,
          inReplyToAccountId: thread?.accountId ?? null,
          conversationId,
          local: false,
          createdAt: input.createdAt,
        },
        tx,
      );
      await this.mentions.call(inserted.id, input.mentioned, tx);
      // A tag staff made unusable is left off rather than refusing what was already published.
      const tags = await this.tags.call(input.hashtags, tx);
      await this.writes.setTags(
        inserted.id,
        tags.filter((tag) => tag.usable !== false).map((tag) => tag.id),
        tx,
      );
      mediaIds = await this.mediaRows.insertRemote(
        { accountId: account.id, statusId: inserted.id },
        media,
        tx,
      );
      if (mediaIds.length) {
        await this.writes.update(inserted.id, { orderedMediaAttachmentIds: mediaIds }, tx);
      }
      if (input.poll) {
        const poll = await this.polls.insertRemote(account.id, inserted.id, input.poll, tx);
        await this.writes.update(inserted.id, { pollId: poll.id }, tx);
      }
      await this.bookkeeping.countNew(inserted, input.visibility, thread, tx);
      return inserted;
    });
    await this.jobs.enqueue(JobName.DistributeStatus, { statusId: status.id });
    // Copies are kept of what may be fetched (no links, nothing from rejected servers).
    const cacheable = mediaIds.filter((_, index) => media[index].type !== 'unknown');
    await this.jobs.enqueueMany(
      JobName.CacheRemoteMedia,
      cacheable.map((mediaAttachmentId) => ({ mediaAttachmentId })),
    );
    return this.statuses.findOneWithRelations(status.id);
  }

  /**
   * The attachments as stored: from a server whose media are rejected here, only links
   * (type unknown, as Mastodon shows media it never downloads), never fetched; others are
   * copied by the worker.
   */
  private async mediaOf(
    account: Account,
    media: RemoteMediaFields[],
  ): Promise<RemoteMediaFields[]> {
    if (media.length === 0 || !account.domain) return media;
    const { rejectMedia } = await this.domainModeration.verdictFor(account.domain);
    return rejectMedia ? media.map((fields) => ({ ...fields, type: 'unknown' as const })) : media;
  }
}
