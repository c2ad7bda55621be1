import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  isValidId,
  MediaAttachment,
  readUserSettings,
  RecordNotFoundError,
  Status,
  StatusVisibility,
  StatusWriteRepository,
  Transaction,
  UserRepository,
  ValidationError,
  visibilityFromName,
} from '@nestodon/domain';
import { decideQuote, quoteApprovalPolicyBits, quotingVisibility } from '@nestodon/policies';
import { findUsableMedia } from './status-media';
import { normalizeStatusContent, pickLanguage, PollInput, quotePolicyChoice } from './status-rules';
import { statusFacts, StatusQueries } from './status-queries';

/** What POST /api/v1/statuses takes (already parsed), and what a scheduled status replays. */
export interface PostStatusInput {
  text?: string | null;
  spoilerText?: string | null;
  sensitive?: boolean | null;
  /** public, unlisted, private or direct; the user's default when absent. */
  visibility?: string | null;
  language?: string | null;
  inReplyToId?: string | null;
  mediaIds?: string[] | null;
  poll?: PollInput | null;
  scheduledAt?: Date | null;
  idempotencyKey?: string | null;
  applicationId?: string | null;
  /** The status to quote (a reblog quotes what it reblogs). */
  quotedStatusId?: string | null;
  /** public, followers or nobody; the user's default when absent. */
  quoteApprovalPolicy?: string | null;
  /** Account ids the text may mention; posting fails naming any other (Mastodon 4.2+). */
  allowedMentions?: string[] | null;
}

/** A new status validated and resolved, ready to be created now or scheduled. */
export interface StatusDraft {
  text: string;
  spoilerText: string;
  sensitive: boolean;
  visibility: StatusVisibility;
  language: string | null;
  /** The status replied to (a reblog's original), visible to the poster. */
  thread: Status | null;
  media: MediaAttachment[];
  poll: PollInput | null;
  /** The status quoted (never a reblog), visible to the poster and quotable by them. */
  quoted: Status | null;
  /** The new status's quote approval bitmap (libs/policies quote.policy). */
  quoteApprovalPolicy: number;
}

export interface DraftOptions {
  /** The scheduled status being published: its media may be used, a vanished parent is ignored. */
  fromScheduledId?: string;
}

export const IN_REPLY_NOT_FOUND = 'The post you are trying to reply to does not appear to exist.';
export const QUOTED_NOT_FOUND = 'The post you are trying to quote does not appear to exist.';

const POSTING_VISIBILITIES: ReadonlySet<StatusVisibility> = new Set([
  StatusVisibility.Public,
  StatusVisibility.Unlisted,
  StatusVisibility.Private,
  StatusVisibility.Direct,
]);

/**
 * Validates a new status and fills in the poster's defaults (visibility, sensitivity,
 * language), as posting and scheduling both need: text, content warning, media and poll
 * checked together; the replied-to status and the media looked up. A silenced account posts
 * publicly as unlisted.
 */
@Injectable()
export class BuildStatusDraftService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly visibility: StatusQueries,
    private readonly writes: StatusWriteRepository,
  ) {}

  async call(
    account: Account,
    input: PostStatusInput,
    options: DraftOptions,
    tx: Transaction,
  ): Promise<StatusDraft> {
    const user = await this.users.findByAccountId(account.id, tx);
    const settings = readUserSettings(user?.settings, account);
    let visibility = visibilityFromName(input.visibility ?? settings.defaultPrivacy);
    if (visibility === undefined || !POSTING_VISIBILITIES.has(visibility)) {
      throw new ValidationError('Validation failed: Visibility is not included in the list', {
        visibility: [{ error: 'ERR_INCLUSION', description: 'is not included in the list' }],
      });
    }
    if (visibility === StatusVisibility.Public && account.silencedAt !== null) {
      visibility = StatusVisibility.Unlisted;
    }
    const quoted = await this.findQuoted(account, input.quotedStatusId, options, tx);
    if (quoted) visibility = quotingVisibility(visibility, quoted);
    const quoteApprovalPolicy = quoteApprovalPolicyBits(
      quotePolicyChoice(input.quoteApprovalPolicy, settings.defaultQuotePolicy),
      visibility,
    );
    const { text, spoilerText, mediaIds, poll } = normalizeStatusContent(
      input,
      this.config.instance.maxStatusChars,
    );
    const thread = await this.findThread(account, input.inReplyToId, options, tx);
    const media = await findUsableMedia(
      this.writes,
      account.id,
      mediaIds,
      (row) =>
        row.statusId === null &&
        (row.scheduledStatusId === null || row.scheduledStatusId === options.fromScheduledId),
      tx,
    );
    return {
      text,
      spoilerText,
      sensitive: (input.sensitive ?? settings.defaultSensitive) || spoilerText !== '',
      visibility,
      language: pickLanguage(
        input.language,
        settings.defaultLanguage,
        user?.locale,
        this.config.instance.languages[0],
      ),
      thread,
      media,
      poll,
      quoted,
      quoteApprovalPolicy,
    };
  }

  /**
   * The status to quote (its original when a reblog), which the poster must see and its quote
   * policy let them quote: otherwise the same 404 as for a status that does not exist, as
   * Mastodon answers.
   */
  private async findQuoted(
    account: Account,
    quotedStatusId: string | null | undefined,
    options: DraftOptions,
    tx: Transaction,
  ): Promise<Status | null> {
    if (!quotedStatusId) return null;
    try {
      if (!isValidId(quotedStatusId)) throw new RecordNotFoundError(QUOTED_NOT_FOUND);
      // The relations loaded for a reblog cover what it reblogs too.
      const { status, relations } = await this.visibility.findVisible(quotedStatusId, account, tx);
      const quoted = status.reblog ?? status;
      const facts = { ...statusFacts(quoted), quoteApprovalPolicy: quoted.quoteApprovalPolicy };
      if (decideQuote(facts, relations) === 'hidden') {
        throw new RecordNotFoundError(QUOTED_NOT_FOUND);
      }
      return quoted;
    } catch (error) {
      if (!(error instanceof RecordNotFoundError)) throw error;
      // A scheduled quote whose quoted status went away is published without it.
      if (options.fromScheduledId) return null;
      throw new RecordNotFoundError(QUOTED_NOT_FOUND);
    }
  }

  /** The status replied to (its original when a reblog), visible to the poster. */
  private async findThread(
    account: Account,
    inReplyToId: string | null | undefined,
    options: DraftOptions,
    tx: Transaction,
  ): Promise<Status | null> {
    if (!inReplyToId) return null;
    try {
      if (!isValidId(inReplyToId)) throw new RecordNotFoundError(IN_REPLY_NOT_FOUND);
      const { status } = await this.visibility.findVisible(inReplyToId, account, tx);
      return status.reblog ?? status;
    } catch (error) {
      if (!(error instanceof RecordNotFoundError)) throw error;
      if (options.fromScheduledId) return null;
      throw new RecordNotFoundError(IN_REPLY_NOT_FOUND);
    }
  }
}
