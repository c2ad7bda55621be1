import { Injectable } from '@nestjs/common';
import {
  Account,
  PollRepository,
  Status,
  StatusEdit,
  StatusWriteRepository,
  Transaction,
  TransactionRunner,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { htmlToText } from '@nestodon/text';
import { FindOrCreateTagsService } from '../tags/find-or-create-tags.service';
import { ProcessMentionsService } from './process-mentions.service';
import { RemoteStatusInput } from './create-remote-status.service';
import { RemoteMediaIntake } from './remote-media-intake';
import { enqueuePollExpiry } from './status-jobs';

/** What an edit of a remote status may change (its id, author, thread and visibility stay). */
export type RemoteStatusEdit = Pick<
  RemoteStatusInput,
  | 'contentHtml'
  | 'spoilerText'
  | 'sensitive'
  | 'language'
  | 'mentioned'
  | 'hashtags'
  | 'poll'
  | 'media'
> & { editedAt: Date };

/** The attachments a version shows: their ids and descriptions, in order. */
interface MediaVersion {
  ids: string[];
  descriptions: Array<string | null>;
}

const versionOf = (
  status: Pick<
    Status,
    'id' | 'accountId' | 'text' | 'contentHtml' | 'spoilerText' | 'sensitive' | 'language'
  >,
  media: MediaVersion,
  at: Date,
): Partial<StatusEdit> => ({
  statusId: status.id,
  accountId: status.accountId,
  text: status.text,
  contentHtml: status.contentHtml,
  spoilerText: status.spoilerText,
  sensitive: status.sensitive,
  language: status.language,
  orderedMediaAttachmentIds: media.ids.length ? media.ids : null,
  mediaDescriptions: media.ids.length ? media.descriptions : null,
  createdAt: at,
  updatedAt: at,
});

/**
 * A remote author edited a status (Mastodon's ActivityPub::Activity::Update of a Note): the
 * original kept as the first version of its history, the new text, mentions, tags and
 * attachments (RemoteMediaIntake) applied,
 * the edit kept as the next version and distributed as an update. An edit older than the
 * last one applied, or one that changes nothing, is ignored. The counts and end of its poll
 * are taken from every Update (Mastodon sends one as votes come in and when the poll closes),
 * as no edit. False when neither the text nor the attachments changed.
 */
@Injectable()
export class EditRemoteStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly writes: StatusWriteRepository,
    private readonly mentions: ProcessMentionsService,
    private readonly tags: FindOrCreateTagsService,
    private readonly polls: PollRepository,
    private readonly remoteMedia: RemoteMediaIntake,
    private readonly jobs: JobQueue,
  ) {}

  async call(author: Account, statusId: string, edit: RemoteStatusEdit): Promise<boolean> {
    const media = await this.remoteMedia.prepare(author, edit.media);
    const { changed, applied, poll } = await this.transactions.run(async (tx) => {
      const status = await this.writes.lockForEdit(statusId, tx);
      if (!status || status.accountId !== author.id || status.deletedAt) {
        return { changed: false, applied: null, poll: null };
      }
      // The poll's counts and end are taken whether or not the text changed.
      let poll: { id: string; expiresAt: Date | null } | null = null;
      if (edit.poll && status.pollId) {
        await this.polls.refreshRemote(status.pollId, edit.poll, tx);
        poll = { id: status.pollId, expiresAt: edit.poll.expiresAt };
      }
      const unchanged = { changed: false, applied: null, poll };
      if (status.editedAt && status.editedAt >= edit.editedAt) return unchanged;
      const before = await this.mediaVersion(status.orderedMediaAttachmentIds ?? [], tx);
      const attached = await this.remoteMedia.apply(status, media, tx);
      const same =
        edit.contentHtml === status.contentHtml &&
        edit.spoilerText === status.spoilerText &&
        edit.sensitive === status.sensitive &&
        !attached.changed;
      if (same) return unchanged;
      if (!(await this.writes.hasEdits(status.id, tx))) {
        await this.writes.insertEdit(versionOf(status, before, status.createdAt), tx);
      }
      await this.mentions.call(status.id, edit.mentioned, tx);
      const tags = await this.tags.call(edit.hashtags, tx);
      await this.writes.setTags(
        status.id,
        tags.filter((tag) => tag.usable !== false).map((tag) => tag.id),
        tx,
      );
      const changes = {
        text: htmlToText(edit.contentHtml),
        contentHtml: edit.contentHtml,
        spoilerText: edit.spoilerText,
        sensitive: edit.sensitive,
        language: edit.language ?? status.language,
        editedAt: edit.editedAt,
      };
      await this.writes.update(status.id, changes, tx);
      const after = { ids: attached.ids, descriptions: media.map((file) => file.description) };
      await this.writes.insertEdit(versionOf({ ...status, ...changes }, after, edit.editedAt), tx);
      return { changed: true, applied: attached, poll };
    });
    if (applied) await this.remoteMedia.cache(applied);
    if (poll) await enqueuePollExpiry(this.jobs, poll);
    if (changed) await this.jobs.enqueue(JobName.DistributeStatus, { statusId, update: true });
    return changed;
  }

  private async mediaVersion(ids: string[], tx: Transaction): Promise<MediaVersion> {
    const rows = new Map((await this.writes.findMedia(ids, tx)).map((row) => [row.id, row]));
    const present = ids.filter((id) => rows.has(id));
    return { ids: present, descriptions: present.map((id) => rows.get(id)!.description) };
  }
}
