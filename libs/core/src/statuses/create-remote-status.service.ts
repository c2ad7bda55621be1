import { Injectable } from '@nestjs/common';
import {
  Account,
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
import { FindOrCreateTagsService } from '../tags/find-or-create-tags.service';
import { ProcessMentionsService } from './process-mentions.service';
import { RemoteMediaIntake } from './remote-media-intake';
import { enqueuePollExpiry } from './status-jobs';
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
    private readonly remoteMedia: RemoteMediaIntake,
    private readonly jobs: JobQueue,
  ) {}

  async call(account: Account, input: RemoteStatusInput): Promise<Status | null> {
    if ((await this.statuses.findByUri(input.uri)) || (await this.tombstones.exists(input.uri))) {
      return null;
    }
    const thread = input.inReplyTo;
    const media = await this.remoteMedia.prepare(account, input.media);
    const { status, applied, poll } = await this.transactions.run(async (tx) => {
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
      const attached = await this.remoteMedia.apply(inserted, media, tx);
      const poll = input.poll
        ? await this.polls.insertRemote(account.id, inserted.id, input.poll, tx)
        : null;
      if (poll) await this.writes.update(inserted.id, { pollId: poll.id }, tx);
      await this.bookkeeping.countNew(inserted, input.visibility, thread, tx);
      return { status: inserted, applied: attached, poll };
    });
    await this.jobs.enqueue(JobName.DistributeStatus, { statusId: status.id });
    await this.remoteMedia.cache(applied);
    // Local voters hear when it ends, as of a local poll.
    if (poll) await enqueuePollExpiry(this.jobs, poll);
    return this.statuses.findOneWithRelations(status.id);
  }
}
