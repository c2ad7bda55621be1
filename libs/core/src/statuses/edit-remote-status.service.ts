import { Injectable } from '@nestjs/common';
import {
  Account,
  PollRepository,
  Status,
  StatusEdit,
  StatusWriteRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { htmlToText } from '@nestodon/text';
import { FindOrCreateTagsService } from '../tags/find-or-create-tags.service';
import { ProcessMentionsService } from './process-mentions.service';
import { RemoteStatusInput } from './create-remote-status.service';

/** What an edit of a remote status may change (its id, author, thread and visibility stay). */
export type RemoteStatusEdit = Pick<
  RemoteStatusInput,
  'contentHtml' | 'spoilerText' | 'sensitive' | 'language' | 'mentioned' | 'hashtags' | 'poll'
> & { editedAt: Date };

const versionOf = (
  status: Pick<
    Status,
    'id' | 'accountId' | 'text' | 'contentHtml' | 'spoilerText' | 'sensitive' | 'language'
  >,
  at: Date,
): Partial<StatusEdit> => ({
  statusId: status.id,
  accountId: status.accountId,
  text: status.text,
  contentHtml: status.contentHtml,
  spoilerText: status.spoilerText,
  sensitive: status.sensitive,
  language: status.language,
  createdAt: at,
  updatedAt: at,
});

/**
 * A remote author edited a status (Mastodon's ActivityPub::Activity::Update of a Note): the
 * original kept as the first version of its history, the new text, mentions and tags applied,
 * the edit kept as the next version and distributed as an update. An edit older than the
 * last one applied, or one that changes nothing, is ignored. The counts and end of its poll
 * are taken from every Update (Mastodon sends one as votes come in and when the poll closes),
 * as no edit. False when the text did not change.
 */
@Injectable()
export class EditRemoteStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly writes: StatusWriteRepository,
    private readonly mentions: ProcessMentionsService,
    private readonly tags: FindOrCreateTagsService,
    private readonly polls: PollRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(author: Account, statusId: string, edit: RemoteStatusEdit): Promise<boolean> {
    const changed = await this.transactions.run(async (tx) => {
      const status = await this.writes.lockForEdit(statusId, tx);
      if (!status || status.accountId !== author.id || status.deletedAt) return false;
      if (edit.poll && status.pollId) await this.polls.refreshRemote(status.pollId, edit.poll, tx);
      if (status.editedAt && status.editedAt >= edit.editedAt) return false;
      const same =
        edit.contentHtml === status.contentHtml &&
        edit.spoilerText === status.spoilerText &&
        edit.sensitive === status.sensitive;
      if (same) return false;
      if (!(await this.writes.hasEdits(status.id, tx))) {
        await this.writes.insertEdit(versionOf(status, status.createdAt), tx);
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
      await this.writes.insertEdit(versionOf({ ...status, ...changes }, edit.editedAt), tx);
      return true;
    });
    if (changed) await this.jobs.enqueue(JobName.DistributeStatus, { statusId, update: true });
    return changed;
  }
}
