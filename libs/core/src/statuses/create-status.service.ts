import { Injectable } from '@nestjs/common';
import {
  Account,
  Status,
  StatusRepository,
  StatusVisibility,
  StatusWriteRepository,
  Transaction,
  ValidationError,
} from '@nestodon/domain';
import { AttachMediaService } from './attach-media.service';
import { AttachQuoteService } from './attach-quote.service';
import {
  BuildStatusDraftService,
  DraftOptions,
  PostStatusInput,
} from './build-status-draft.service';
import { CreatePollService } from './create-poll.service';
import { ProcessHashtagsService } from './process-hashtags.service';
import { ProcessMentionsService } from './process-mentions.service';
import { StatusBookkeeping } from './status-bookkeeping';
import { StatusTextProcessor } from './status-text.processor';
import { UnexpectedMentionsError, unexpectedMentions } from './status-rules';

/**
 * Creates a status inside the caller's transaction (posting now, or publishing a scheduled
 * status): text rendered, in its thread's conversation (or a new one), with its media,
 * mentions, hashtags, poll and quote, and the counters it moves. Mentions outside
 * `allowedMentions` refuse the post (UnexpectedMentionsError), as does a private mention quoting
 * someone it does not mention. Returns it with author and thread
 * loaded; what follows the commit is PostprocessStatusService's.
 */
@Injectable()
export class CreateStatusService {
  constructor(
    private readonly drafts: BuildStatusDraftService,
    private readonly text: StatusTextProcessor,
    private readonly writes: StatusWriteRepository,
    private readonly statuses: StatusRepository,
    private readonly media: AttachMediaService,
    private readonly mentions: ProcessMentionsService,
    private readonly hashtags: ProcessHashtagsService,
    private readonly polls: CreatePollService,
    private readonly quotes: AttachQuoteService,
    private readonly bookkeeping: StatusBookkeeping,
  ) {}

  async call(
    account: Account,
    input: PostStatusInput,
    options: DraftOptions,
    tx: Transaction,
  ): Promise<Status> {
    const draft = await this.drafts.call(account, input, options, tx);
    const processed = await this.text.process(draft.text);
    const unexpected = unexpectedMentions(processed.mentioned, input.allowedMentions);
    if (unexpected.length > 0) throw new UnexpectedMentionsError(unexpected);
    const { thread, quoted } = draft;
    if (
      quoted &&
      draft.visibility === StatusVisibility.Direct &&
      quoted.accountId !== account.id &&
      !processed.mentioned.some((mentioned) => mentioned.id === quoted.accountId)
    ) {
      throw new ValidationError(
        'Validation failed: A private mention may only quote a post of someone it mentions',
      );
    }
    const conversationId = await this.bookkeeping.conversationFor(thread, tx);
    const status = await this.writes.insertStatus(
      {
        accountId: account.id,
        text: draft.text,
        contentHtml: processed.html,
        spoilerText: draft.spoilerText,
        sensitive: draft.sensitive,
        visibility: draft.visibility,
        language: draft.language,
        reply: thread !== null,
        inReplyToId: thread?.id ?? null,
        inReplyToAccountId: thread ? replyTargetAccountId(thread, account.id) : null,
        conversationId,
        local: account.domain === null,
        applicationId: input.applicationId ?? null,
        orderedMediaAttachmentIds: draft.media.length ? draft.media.map((m) => m.id) : null,
        quoteApprovalPolicy: draft.quoteApprovalPolicy,
      },
      tx,
    );
    // A new status has no media, mentions or tags to take off: only additions are written.
    if (draft.media.length > 0) {
      await this.media.call(status, draft.media, { fromScheduledId: options.fromScheduledId }, tx);
    }
    if (processed.mentioned.length > 0) {
      await this.mentions.call(status.id, processed.mentioned, tx);
    }
    if (processed.hashtags.length > 0) await this.hashtags.call(status.id, processed.hashtags, tx);
    if (draft.poll) await this.polls.call(status, draft.poll, tx);
    if (quoted) await this.quotes.call(account, status, quoted, tx);
    await this.bookkeeping.countNew(status, draft.visibility, thread, tx);
    return (await this.statuses.findOneWithRelations(status.id, { tx }))!;
  }
}

/**
 * The account a reply is addressed to: the parent's author, except when continuing one's own
 * reply thread, where it stays the account the thread answers (Mastodon's rule).
 */
function replyTargetAccountId(thread: Status, accountId: string): string {
  if (thread.accountId === accountId && thread.reply && thread.inReplyToAccountId) {
    return thread.inReplyToAccountId;
  }
  return thread.accountId;
}
