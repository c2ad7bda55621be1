import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  isValidId,
  MediaAttachment,
  Poll,
  PollRepository,
  RecordNotFoundError,
  Status,
  StatusEdit,
  StatusRepository,
  StatusWriteRepository,
  Transaction,
  TransactionRunner,
} from '@nestodon/domain';
import { canEditStatus } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import {
  MediaAttributesEditor,
  MediaAttributesInput,
  PreparedMediaChange,
} from '../media/media-attributes-editor';
import { AppliedMediaChange, AttachMediaService } from './attach-media.service';
import { CreatePollService } from './create-poll.service';
import { ProcessHashtagsService } from './process-hashtags.service';
import { ProcessMentionsService } from './process-mentions.service';
import { enqueuePollExpiry } from './status-jobs';
import { findUsableMedia } from './status-media';
import { normalizeStatusContent, pickLanguage, PollInput, pollFields } from './status-rules';
import { StatusTextProcessor } from './status-text.processor';
import { ActivityOutbox } from '../outbox/activity-outbox';

/** PUT /api/v1/statuses/:id: the new version replaces text, CW, sensitivity, media and poll. */
export interface UpdateStatusInput {
  text?: string | null;
  spoilerText?: string | null;
  sensitive?: boolean | null;
  language?: string | null;
  mediaIds?: string[] | null;
  /** New descriptions, focal points and preview images of the media. */
  mediaAttributes?: Array<MediaAttributesInput & { id: string }> | null;
  poll?: PollInput | null;
}

/**
 * Edits one's own status, keeping every version (the original becomes the first edit), with
 * the pieces posting uses (mentions, hashtags, media, poll). Mentions taken out of the text
 * stay as silent mentions. A changed poll (options or multiple) loses its votes. Submitting no
 * change changes nothing.
 */
@Injectable()
export class UpdateStatusService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: TransactionRunner,
    private readonly statuses: StatusRepository,
    private readonly writes: StatusWriteRepository,
    private readonly polls: PollRepository,
    private readonly text: StatusTextProcessor,
    private readonly mentions: ProcessMentionsService,
    private readonly hashtags: ProcessHashtagsService,
    private readonly media: AttachMediaService,
    private readonly mediaAttributes: MediaAttributesEditor,
    private readonly createPoll: CreatePollService,
    private readonly jobs: JobQueue,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(account: Account, statusId: string, input: UpdateStatusInput): Promise<Status> {
    if (!isValidId(statusId)) throw new RecordNotFoundError();
    // Preview images are processed and stored before the transaction, kept only if applied.
    const attributes = await this.prepareMediaAttributes(input);
    let result: Awaited<ReturnType<UpdateStatusService['update']>>;
    try {
      result = await this.transactions.run((tx) =>
        this.update(account, statusId, input, attributes, tx),
      );
    } catch (error) {
      for (const change of attributes.values()) await this.mediaAttributes.discard(change);
      throw error;
    }
    for (const [id, change] of attributes) {
      const applied = result.appliedMedia.get(id);
      if (applied) await this.mediaAttributes.finish(applied.media, change, applied);
      else await this.mediaAttributes.discard(change);
    }
    if (result.changed) {
      await this.jobs.enqueue(JobName.DistributeStatus, { statusId, update: true });
      await this.outbox.publish(account, { type: 'update', statusId });
    }
    if (result.poll) await enqueuePollExpiry(this.jobs, result.poll);
    return (await this.statuses.findOneWithRelations(statusId))!;
  }

  /** The media attributes of the request, validated, by media id (the last entry wins). */
  private async prepareMediaAttributes(
    input: UpdateStatusInput,
  ): Promise<Map<string, PreparedMediaChange>> {
    const prepared = new Map<string, PreparedMediaChange>();
    const listed = new Set(input.mediaIds ?? []);
    try {
      for (const [index, attributes] of (input.mediaAttributes ?? []).entries()) {
        const id = String(attributes.id);
        // Attributes of media the new version does not carry change nothing.
        if (!listed.has(id) || !isValidId(id)) continue;
        const previous = prepared.get(id);
        if (previous) await this.mediaAttributes.discard(previous);
        prepared.set(
          id,
          await this.mediaAttributes.prepare(
            { id, remoteUrl: '' },
            attributes,
            `media_attributes[${index}].`,
          ),
        );
      }
    } catch (error) {
      for (const change of prepared.values()) await this.mediaAttributes.discard(change);
      throw error;
    }
    return prepared;
  }

  private async update(
    account: Account,
    statusId: string,
    input: UpdateStatusInput,
    attributes: ReadonlyMap<string, PreparedMediaChange>,
    tx: Transaction,
  ): Promise<{
    changed: boolean;
    poll: Pick<Poll, 'id' | 'expiresAt'> | null;
    appliedMedia: Map<string, AppliedMediaChange>;
  }> {
    const status = await this.writes.lockForEdit(statusId, tx);
    if (!status || !canEditStatus(status, account.id)) throw new RecordNotFoundError();

    const { text, spoilerText, mediaIds, poll } = normalizeStatusContent(
      input,
      this.config.instance.maxStatusChars,
    );
    // Media allowed in the new version: already on this status, or the author's unattached ones.
    const media = await findUsableMedia(
      this.writes,
      account.id,
      mediaIds,
      (row) =>
        row.statusId === status.id || (row.statusId === null && row.scheduledStatusId === null),
      tx,
    );
    const sensitive = (input.sensitive ?? false) || spoilerText !== '';
    const language = pickLanguage(input.language, status.language);
    const currentPoll = status.pollId ? await this.polls.findById(status.pollId, tx) : null;

    const mediaChanged =
      JSON.stringify(media.map((row) => row.id)) !==
      JSON.stringify(status.orderedMediaAttachmentIds ?? []);
    const attributesChanged = media.some((row) => {
      const change = attributes.get(row.id);
      return change !== undefined && this.mediaAttributes.changes(row, change);
    });
    // Any poll in the request restarts it (a new expires_in); none removes the current one.
    const pollChanged = poll !== null || currentPoll !== null;
    const changed =
      text !== status.text ||
      spoilerText !== status.spoilerText ||
      sensitive !== status.sensitive ||
      language !== status.language ||
      mediaChanged ||
      attributesChanged ||
      pollChanged;
    if (!changed) return { changed: false, poll: null, appliedMedia: new Map() };

    // The first edit keeps the original as version one.
    if (!(await this.writes.hasEdits(status.id, tx))) {
      await this.writes.insertEdit(
        await this.snapshot(status, currentPoll?.options ?? null, status.createdAt, tx),
        tx,
      );
    }

    const processed = await this.text.process(text);
    await this.mentions.call(status.id, processed.mentioned, tx);
    await this.hashtags.call(status.id, processed.hashtags, tx);
    const appliedMedia = await this.media.call(status, media, { attributes }, tx);
    const newPoll = await this.replacePoll(status, currentPoll, poll, tx);

    const editedAt = new Date();
    await this.writes.update(
      status.id,
      {
        text,
        contentHtml: processed.html,
        spoilerText,
        sensitive,
        language,
        pollId: newPoll?.id ?? null,
        orderedMediaAttachmentIds: media.length ? media.map((row) => row.id) : null,
        editedAt,
      },
      tx,
    );
    const updated = await this.writes.reload(status.id, tx);
    await this.writes.insertEdit(
      {
        ...(await this.snapshot(updated, newPoll?.options ?? null, editedAt, tx)),
        accountId: account.id,
      },
      tx,
    );
    return { changed: true, poll: newPoll, appliedMedia };
  }

  /**
   * The poll of the new version: the current one updated (its votes reset when the options
   * or `multiple` changed), a new one, or none.
   */
  private async replacePoll(
    status: Status,
    current: Poll | null,
    input: PollInput | null,
    tx: Transaction,
  ): Promise<Pick<Poll, 'id' | 'expiresAt' | 'options'> | null> {
    if (!input) {
      if (current) {
        await this.writes.update(status.id, { pollId: null }, tx);
        await this.polls.delete(current.id, tx);
      }
      return null;
    }
    if (!current) return this.createPoll.call(status, input, tx);
    const fields = pollFields(input);
    const resetVotes =
      JSON.stringify(fields.options) !== JSON.stringify(current.options) ||
      fields.multiple !== current.multiple;
    await this.polls.update(current.id, fields, resetVotes, tx);
    return { id: current.id, expiresAt: fields.expiresAt, options: fields.options };
  }

  private async snapshot(
    status: Status,
    pollOptions: string[] | null,
    at: Date,
    tx: Transaction,
  ): Promise<Partial<StatusEdit>> {
    const mediaIds = status.orderedMediaAttachmentIds ?? [];
    const byId = new Map(
      (await this.writes.findMedia(mediaIds, tx)).map((row): [string, MediaAttachment] => [
        row.id,
        row,
      ]),
    );
    return {
      statusId: status.id,
      accountId: null,
      text: status.text,
      contentHtml: status.contentHtml,
      spoilerText: status.spoilerText,
      sensitive: status.sensitive,
      language: status.language,
      orderedMediaAttachmentIds: mediaIds.length ? mediaIds : null,
      mediaDescriptions: mediaIds.length
        ? mediaIds.map((id) => byId.get(id)?.description ?? null)
        : null,
      pollOptions,
      createdAt: at,
      updatedAt: at,
    };
  }
}
