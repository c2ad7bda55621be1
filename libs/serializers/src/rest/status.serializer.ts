import { PreviewCardJson, serializePreviewCard } from './preview-card.serializer';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  CustomEmoji,
  LiveStatusFacts,
  MentionedAccount,
  Poll,
  quoteStateName,
  Status,
  StatusTagName,
  StatusVisibility,
  visibilityName,
} from '@nestodon/domain';
import {
  isPinnable,
  QuoteAuthorization,
  quoteAuthorization,
  quotePolicyKeys,
  QuoteViewState,
  quoteView,
  showsSensitive,
  statusFacts,
} from '@nestodon/policies';
import { escapeHtml, extractEmojiShortcodes } from '@nestodon/text';
import { AccountJson, CustomEmojiJson } from './account.serializer';
import { serializeCustomEmoji } from './custom-emoji.serializer';
import { MediaAttachmentJson, serializeMediaAttachment } from './media-attachment.serializer';
import { PollJson, serializePoll } from './poll.serializer';
import {
  emojiKey,
  FilterContext,
  LiveStatusPage,
  LiveStatusView,
  StatusPage,
  StatusPageLoader,
} from './status-page.loader';
import { RenderedStatusCache, StoredStatusRendering } from './rendered-status.cache';

export interface StatusMentionJson {
  id: string;
  username: string;
  url: string;
  acct: string;
}

export interface StatusTagJson {
  name: string;
  url: string;
}

/** Mastodon's Quote entity (a status's quote, with the quoted status when it may be shown). */
export interface QuoteJson {
  state: QuoteViewState;
  quoted_status: StatusJson | null;
}

/** Mastodon's ShallowQuote: the quote of a quoted status, by id only. */
export interface ShallowQuoteJson {
  state: QuoteViewState;
  quoted_status_id: string | null;
}

/** Who may quote a status, and how that applies to the viewer (Mastodon's QuoteApproval). */
export interface QuoteApprovalJson {
  automatic: string[];
  manual: string[];
  current_user: QuoteAuthorization;
}

/** Mastodon's Status entity. Viewer flags are absent for anonymous viewers. */
export interface StatusJson {
  id: string;
  created_at: string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  sensitive: boolean;
  spoiler_text: string;
  visibility: string;
  language: string | null;
  uri: string;
  url: string | null;
  replies_count: number;
  reblogs_count: number;
  favourites_count: number;
  quotes_count: number;
  edited_at: string | null;
  favourited?: boolean;
  reblogged?: boolean;
  muted?: boolean;
  bookmarked?: boolean;
  pinned?: boolean;
  content: string;
  /** Raw text: only when the source is requested (delete-and-redraft). */
  text?: string;
  filtered?: unknown[];
  reblog: StatusJson | null;
  application?: { name: string; website: string | null };
  account: AccountJson;
  media_attachments: MediaAttachmentJson[];
  mentions: StatusMentionJson[];
  tags: StatusTagJson[];
  emojis: CustomEmojiJson[];
  quote: QuoteJson | ShallowQuoteJson | null;
  quote_approval: QuoteApprovalJson;
  card: PreviewCardJson | null;
  poll: PollJson | null;
}

export interface PresentStatusOptions {
  /** Adds the raw `text` (the delete response, for redraft). */
  source?: boolean;
  filterContext?: FilterContext;
  /**
   * The statuses' counters and the viewer's marks when already read with them (timeline
   * pages): cached statuses then render without a query.
   */
  live?: LiveStatusFacts;
}

/** What serializeStatus needs besides the status and its page. */
export interface SerializeStatusOptions {
  config: Pick<AppConfig, 'instance' | 'media'>;
  /** Adds the raw `text`. */
  source?: boolean;
  /** A quoted status: its own quote shows the quoted status's id only (ShallowQuote). */
  shallowQuote?: boolean;
}

type Viewer = Pick<Account, 'id'> | null | undefined;

/** A status's HTML: as stored, or its text escaped into a paragraph. */
export function statusContent(status: { contentHtml: string | null; text: string }): string {
  if (status.contentHtml !== null) return status.contentHtml;
  return status.text ? `<p>${escapeHtml(status.text)}</p>` : '';
}

/**
 * Mastodon's Status entity from a status (with `account`, and `reblog` for reblogs) and the
 * facts its page loaded: a pure function. The viewer's flags (favourited, reblogged, muted,
 * bookmarked, pinned, filtered) are there only for a viewer.
 */
export function serializeStatus(
  status: Status,
  page: StatusPage,
  options: SerializeStatusOptions,
): StatusJson {
  const { config } = options;
  const account = status.account!;
  const json: StatusJson = {
    id: status.id,
    created_at: status.createdAt.toISOString(),
    in_reply_to_id: status.inReplyToId,
    in_reply_to_account_id: status.inReplyToAccountId,
    sensitive: false,
    spoiler_text: status.spoilerText,
    visibility:
      status.visibility === StatusVisibility.Limited
        ? 'private'
        : visibilityName(status.visibility),
    language: status.language,
    ...statusLocations(status, account, config.instance.baseUrl),
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    quotes_count: 0,
    edited_at: status.editedAt ? status.editedAt.toISOString() : null,
    content: status.reblogOfId ? '' : statusContent(status),
    reblog: null,
    account: page.accounts.get(account.id)!,
    media_attachments: (status.orderedMediaAttachmentIds ?? []).flatMap((id) => {
      const media = page.media.get(id);
      return media ? [serializeMediaAttachment(media, config)] : [];
    }),
    mentions: (page.mentions.get(status.id) ?? []).map((mentioned) =>
      serializeMention(mentioned, config.instance.baseUrl),
    ),
    tags: (page.tags.get(status.id) ?? []).map((tag) => serializeTag(tag, config.instance.baseUrl)),
    emojis: status.reblogOfId
      ? []
      : emojisFor(
          extractEmojiShortcodes(status.spoilerText, status.text),
          account.domain,
          page.emojis,
          config,
        ),
    quote: serializeQuote(status, page, options),
    quote_approval: serializeQuoteApproval(status.reblog ?? status, page),
    card: page.cards?.has(status.id)
      ? serializePreviewCard(page.cards.get(status.id)!, config)
      : null,
    poll: null,
  };
  applyLiveFields(json, status, page);
  if (options.source) json.text = status.text;
  if (status.reblog) json.reblog = serializeStatus(status.reblog, page, options);
  const application = status.applicationId ? page.applications.get(status.applicationId) : null;
  if (application) json.application = { name: application.name, website: application.website };
  const poll = status.pollId ? page.polls.get(status.pollId) : undefined;
  if (poll) {
    json.poll = serializePoll(poll, {
      viewerId: page.viewerId,
      ownVotes: page.ownVotes.get(poll.id),
      emojis: emojisFor(
        extractEmojiShortcodes(...poll.options),
        account.domain,
        page.emojis,
        config,
      ),
    });
  }
  return json;
}

/**
 * A status from its stored rendering (RenderedStatusCache) and what changes between viewers
 * and moments, as serializeStatus renders it: `stored` holds the status and, for a reblog, the
 * status it reblogs.
 */
export function serializeStoredStatus(
  status: Status,
  stored: ReadonlyMap<string, StoredStatusRendering>,
  live: LiveStatusPage,
): StatusJson {
  // Copies of what changes: the stored rendering is shared with other requests.
  const json = { ...stored.get(status.id)! } as StatusJson;
  const counters = live.authors.get(status.accountId);
  json.account = {
    ...json.account,
    followers_count: counters?.followersCount ?? 0,
    following_count: counters?.followingCount ?? 0,
    statuses_count: counters?.statusesCount ?? 0,
    last_status_at: counters?.lastStatusDate ?? null,
  };
  applyLiveFields(json, status, live);
  if (status.reblog) json.reblog = serializeStoredStatus(status.reblog, stored, live);
  return json;
}

/**
 * The fields of a status's rendering that differ between viewers or moments (never stored):
 * sensitivity, counters, who may quote it, and the viewer's flags, which are there only for a
 * viewer.
 */
function applyLiveFields(json: StatusJson, status: Status, live: LiveStatusView): void {
  const counts = live.counts.get(status.id);
  json.sensitive = showsSensitive(status, status.account!, live.viewerId);
  json.replies_count = counts?.repliesCount ?? 0;
  json.reblogs_count = counts?.reblogsCount ?? 0;
  json.favourites_count = counts?.favouritesCount ?? 0;
  json.quotes_count = counts?.quotesCount ?? 0;
  json.quote_approval = serializeQuoteApproval(status.reblog ?? status, live);
  if (live.viewer) {
    // A reblog shows the viewer's marks on the status it reblogs, as Mastodon reads them there.
    const marked = status.reblogOfId ?? status.id;
    json.favourited = live.viewer.favourited.has(marked);
    json.reblogged = live.viewer.reblogged.has(marked);
    json.muted = status.conversationId
      ? live.viewer.mutedConversations.has(status.conversationId)
      : false;
    json.bookmarked = live.viewer.bookmarked.has(marked);
    if (isPinnable(status, live.viewerId)) json.pinned = live.viewer.pinned.has(status.id);
    json.filtered = live.filtered.get(status.id) ?? [];
  }
}

/**
 * The status's quote as the viewer may see it (libs/policies quoteView): the quoted status in
 * full, or by id in a quoted status (ShallowQuote); null when the status quotes nothing.
 */
function serializeQuote(
  status: Status,
  page: StatusPage,
  options: SerializeStatusOptions,
): QuoteJson | ShallowQuoteJson | null {
  const quote = page.quotes.get(status.id);
  if (!quote || (quote.legacy && quoteStateName(quote.state) !== 'accepted')) return null;
  const quoted = quote.quotedStatusId ? page.quotedStatuses.get(quote.quotedStatusId) : undefined;
  const view = quoteView(
    quoteStateName(quote.state),
    quoted ? statusFacts(quoted) : null,
    page.relations,
  );
  const shown = view.showQuoted ? quoted : undefined;
  if (options.shallowQuote) {
    return { state: view.state, quoted_status_id: shown ? shown.id : null };
  }
  return {
    state: view.state,
    quoted_status: shown
      ? serializeStatus(shown, page, { config: options.config, shallowQuote: true })
      : null,
  };
}

/** Who may quote the status (a reblog: what it reblogs) and how that applies to the viewer. */
function serializeQuoteApproval(status: Status, page: LiveStatusView): QuoteApprovalJson {
  const viewerId = page.viewerId;
  return {
    automatic: quotePolicyKeys(status.quoteApprovalPolicy, 'automatic'),
    manual: quotePolicyKeys(status.quoteApprovalPolicy, 'manual'),
    current_user: quoteAuthorization(
      status,
      viewerId
        ? {
            id: viewerId,
            followsAuthor: page.relations.following.has(status.accountId),
            followedByAuthor: false,
          }
        : null,
    ),
  };
}

/** Local statuses derive their URIs from the configured domain, remote ones keep theirs. */
function statusLocations(
  status: Status,
  account: Account,
  baseUrl: string,
): { uri: string; url: string | null } {
  if (account.domain === null) {
    const base = `${baseUrl}/users/${account.username}/statuses/${status.id}`;
    if (status.reblogOfId) return { uri: `${base}/activity`, url: `${base}/activity` };
    return { uri: base, url: `${baseUrl}/@${account.username}/${status.id}` };
  }
  return { uri: status.uri ?? '', url: status.url ?? status.uri };
}

function serializeMention(mentioned: MentionedAccount, baseUrl: string): StatusMentionJson {
  const local = mentioned.domain === null;
  return {
    id: mentioned.id,
    username: mentioned.username,
    url: local ? `${baseUrl}/@${mentioned.username}` : (mentioned.url ?? mentioned.uri ?? ''),
    acct: local ? mentioned.username : `${mentioned.username}@${mentioned.domain}`,
  };
}

function serializeTag(tag: StatusTagName, baseUrl: string): StatusTagJson {
  return {
    name: tag.displayName ?? tag.name,
    url: `${baseUrl}/tags/${encodeURIComponent(tag.name)}`,
  };
}

function emojisFor(
  shortcodes: string[],
  domain: string | null,
  emojis: ReadonlyMap<string, CustomEmoji>,
  config: Pick<AppConfig, 'media'>,
): CustomEmojiJson[] {
  return shortcodes.flatMap((shortcode) => {
    const emoji = emojis.get(emojiKey(shortcode, domain));
    return emoji ? [serializeCustomEmoji(emoji, config)] : [];
  });
}

/**
 * Renders statuses as Mastodon's Status entity with the viewer's flags: StatusPageLoader loads
 * a page's facts (a constant number of queries whatever its length), serializeStatus renders
 * each status. Visibility is the caller's business (libs/policies); this only renders.
 */
@Injectable()
export class StatusPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loader: StatusPageLoader,
    private readonly cache: RenderedStatusCache,
  ) {}

  async present(
    status: Status,
    viewer: Viewer,
    options: PresentStatusOptions = {},
  ): Promise<StatusJson> {
    const [json] = await this.presentMany([status], viewer, options);
    return json;
  }

  /**
   * In the given order; see StatusPageLoader for what the statuses must carry. Statuses whose
   * rendering is cached are assembled from it with their live facts (one query for all of
   * them); the others are rendered in full and cached.
   */
  async presentMany(
    statuses: Status[],
    viewer: Viewer,
    options: PresentStatusOptions = {},
  ): Promise<StatusJson[]> {
    if (statuses.length === 0) return [];
    const viewerId = viewer?.id ?? null;
    if (!this.cache.enabled || options.source) return this.render(statuses, viewerId, options);
    const stored = await this.cache.read(statuses);
    const isStored = (status: Status) =>
      stored.has(status.id) && (!status.reblog || stored.has(status.reblog.id));
    const fresh = statuses.filter((status) => !isStored(status));
    const ready = statuses.filter(isStored);
    const [rendered, live] = await Promise.all([
      fresh.length > 0 ? this.render(fresh, viewerId, options) : [],
      ready.length > 0
        ? this.loader.loadLive(ready, viewerId, options.filterContext, options.live)
        : null,
    ]);
    let next = 0;
    return statuses.map((status) =>
      isStored(status) ? serializeStoredStatus(status, stored, live!) : rendered[next++],
    );
  }

  private async render(
    statuses: Status[],
    viewerId: string | null,
    options: PresentStatusOptions,
  ): Promise<StatusJson[]> {
    const page = await this.loader.load(statuses, viewerId, options.filterContext);
    const rendered = statuses.map((status) =>
      serializeStatus(status, page, { config: this.config, source: options.source }),
    );
    if (!options.source) this.cache.write(statuses, rendered, page);
    return rendered;
  }

  /** One poll (GET /api/v1/polls/:id, votes): with the viewer's votes and its emojis. */
  async presentPoll(poll: Poll, status: Status, viewer: Viewer): Promise<PollJson> {
    const viewerId = viewer?.id ?? null;
    const domain = status.account?.domain ?? null;
    const { ownVotes, emojis } = await this.loader.loadPoll(poll, { domain }, viewerId);
    return serializePoll(poll, {
      viewerId,
      ownVotes,
      emojis: emojisFor(extractEmojiShortcodes(...poll.options), domain, emojis, this.config),
    });
  }
}
