import {
  Account,
  Limits,
  PollFields,
  QUOTE_POLICIES,
  QuotePolicy,
  ValidationError,
} from '@nestodon/domain';
import { countGraphemes, statusLength } from '@nestodon/text';
import ISO6391 from 'iso-639-1';

/** Scheduled statuses must be at least this far ahead, and how many an account may keep. */
export const MIN_SCHEDULE_OFFSET_MS = 5 * 60 * 1000;
export const SCHEDULED_TOTAL_LIMIT = 300;
export const SCHEDULED_DAILY_LIMIT = 25;

export interface PollInput {
  options: string[];
  expiresIn: number;
  multiple?: boolean;
  hideTotals?: boolean;
}

/** The text, content warning, media ids and poll of a new or edited status, as stored. */
export interface StatusContent {
  text: string;
  spoilerText: string;
  mediaIds: string[];
  poll: PollInput | null;
}

/**
 * Trims text and content warning, drops repeated media ids and validates the whole (media
 * count, poll, then text), as both posting and editing do.
 */
export function normalizeStatusContent(
  input: {
    text?: string | null;
    spoilerText?: string | null;
    mediaIds?: string[] | null;
    poll?: PollInput | null;
  },
  maxChars: number,
): StatusContent {
  const text = (input.text ?? '').trim();
  const spoilerText = (input.spoilerText ?? '').trim();
  const mediaIds = [...new Set(input.mediaIds ?? [])];
  const poll = input.poll ?? null;
  validateMediaCount(mediaIds.length, poll !== null);
  if (poll) validatePoll(poll);
  validateStatusContent({
    text,
    spoilerText,
    mediaCount: mediaIds.length,
    hasPoll: poll !== null,
    maxChars,
  });
  return { text, spoilerText, mediaIds, poll };
}

/** Text, content warning, media and poll together, as Mastodon validates a new status. */
export function validateStatusContent(input: {
  text: string;
  spoilerText: string;
  mediaCount: number;
  hasPoll: boolean;
  maxChars: number;
}): void {
  if (input.text.trim() === '' && input.mediaCount === 0 && !input.hasPoll) {
    throw new ValidationError("Validation failed: Text can't be blank", {
      text: [{ error: 'ERR_BLANK', description: "can't be blank" }],
    });
  }
  if (statusLength(input.text, input.spoilerText) > input.maxChars) {
    throw new ValidationError(
      `Validation failed: Text character limit of ${input.maxChars} exceeded`,
      {
        text: [
          { error: 'ERR_TOO_LONG', description: `character limit of ${input.maxChars} exceeded` },
        ],
      },
    );
  }
}

/** Media count, and media with a poll (Mastodon refuses both with the same message). */
export function validateMediaCount(count: number, hasPoll: boolean): void {
  if (count > Limits.statuses.maxMediaAttachments || (count > 0 && hasPoll)) {
    throw new ValidationError(
      `Cannot attach more than ${Limits.statuses.maxMediaAttachments} files`,
    );
  }
}

const pollError = (description: string, field = 'options') =>
  new ValidationError(`Validation failed: Poll ${field.replace('_', ' ')} ${description}`, {
    [`poll.${field}`]: [{ error: 'ERR_INVALID', description }],
  });

/** Poll options and duration, within Limits.polls. */
export function validatePoll(poll: PollInput): void {
  const { maxOptions, maxCharactersPerOption, minExpiration, maxExpiration } = Limits.polls;
  const options = poll.options;
  if (options.length < 2) throw pollError('must have more than one item');
  if (options.length > maxOptions) throw pollError(`can't contain more than ${maxOptions} items`);
  if (options.some((option) => option.trim() === '')) throw pollError("can't be blank");
  if (options.some((option) => countGraphemes(option) > maxCharactersPerOption)) {
    throw pollError(`cannot be longer than ${maxCharactersPerOption} characters each`);
  }
  if (new Set(options.map((option) => option.trim())).size !== options.length) {
    throw pollError('contain duplicate items');
  }
  if (!Number.isInteger(poll.expiresIn) || poll.expiresIn < minExpiration) {
    throw pollError('is too soon', 'expires_at');
  }
  if (poll.expiresIn > maxExpiration) throw pollError('is too far into the future', 'expires_at');
}

/** A poll as stored: options trimmed, defaults applied, ending `expiresIn` seconds from `now`. */
export function pollFields(poll: PollInput, now = Date.now()): PollFields {
  return {
    options: poll.options.map((option) => option.trim()),
    multiple: poll.multiple ?? false,
    hideTotals: poll.hideTotals ?? false,
    expiresAt: new Date(now + poll.expiresIn * 1000),
  };
}

/** `scheduled_at` far enough ahead. */
export function validateScheduledAt(scheduledAt: Date, now = Date.now()): void {
  if (scheduledAt.getTime() < now + MIN_SCHEDULE_OFFSET_MS) {
    throw new ValidationError(
      'Validation failed: Scheduled at must be at least 5 minutes in the future',
      { scheduled_at: [{ error: 'ERR_INVALID', description: 'is too soon' }] },
    );
  }
}

/** The first valid ISO 639-1 code among the candidates (the request's, the user's, …). */
export function pickLanguage(...candidates: Array<string | null | undefined>): string | null {
  for (const candidate of candidates) {
    if (!candidate) continue;
    const code = candidate.trim().toLowerCase().split(/[-_]/)[0];
    if (ISO6391.validate(code)) return code;
  }
  return null;
}

/** The quote policy a post asks for (`quote_approval_policy`), else the author's default. */
export function quotePolicyChoice(
  requested: string | null | undefined,
  fallback: QuotePolicy,
): QuotePolicy {
  if (requested === undefined || requested === null || requested === '') return fallback;
  if ((QUOTE_POLICIES as readonly string[]).includes(requested)) {
    return requested as QuotePolicy;
  }
  throw new ValidationError(
    'Validation failed: Quote approval policy is not included in the list',
    {
      quote_approval_policy: [
        { error: 'ERR_INCLUSION', description: 'is not included in the list' },
      ],
    },
  );
}

/** `allowed_mentions` was given and the text mentions accounts outside it (Mastodon's 422). */
export class UnexpectedMentionsError extends ValidationError {
  constructor(readonly accounts: Account[]) {
    super('Post would be sent to unexpected accounts');
  }
}

/** The mentioned accounts that `allowed` (account ids) does not list; none when it is absent. */
export function unexpectedMentions(
  mentioned: Account[],
  allowed: string[] | null | undefined,
): Account[] {
  if (allowed === undefined || allowed === null) return [];
  const expected = new Set(allowed.map(String));
  return mentioned.filter((account) => !expected.has(account.id));
}
