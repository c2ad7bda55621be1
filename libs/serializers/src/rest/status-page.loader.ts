import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  Account,
  AuthorCounters,
  CustomEmoji,
  LiveStatusFacts,
  CustomEmojiRepository,
  MediaAttachment,
  OAuthApplication,
  Poll,
  PollRepository,
  Quote,
  Status,
  StatusExtras,
  StatusPageFacts,
  StatusPageRepository,
  PreviewCard,
  StatusRepository,
  ViewerRelationsRepository,
} from '@nestodon/domain';
import { anonymousRelations, QuotePolicyFlag, ViewerRelations } from '@nestodon/policies';
import { extractEmojiShortcodes } from '@nestodon/text';
import { AccountJson, AccountPresenter } from './account.serializer';
import { emojiKey } from './custom-emoji.serializer';

/** Where statuses are shown, for filters (Mastodon's filter contexts). */
export type FilterContext = 'home' | 'notifications' | 'public' | 'thread' | 'account';

/**
 * Extension point for keyword and status filters (the filters work provides it): the
 * FilterResult entities that apply to each status for this viewer, keyed by status id.
 */
export interface StatusFilterMatcher {
  match(
    viewerId: string,
    statuses: Status[],
    context: FilterContext | undefined,
  ): Promise<Map<string, unknown[]>>;
}
export const STATUS_FILTER_MATCHER = Symbol('STATUS_FILTER_MATCHER');

/** Everything rendering a page of statuses needs besides the statuses (see serializeStatus). */
export interface StatusPage extends StatusPageFacts {
  /** Who reads; null for anonymous viewers (no viewer flags then). */
  viewerId: string | null;
  /** Rendered authors, by account id. */
  accounts: Map<string, AccountJson>;
  media: Map<string, MediaAttachment>;
  polls: Map<string, Poll>;
  /** The viewer's choices, by poll id. */
  ownVotes: Map<string, number[]>;
  /** By emojiKey(shortcode, domain). */
  emojis: Map<string, CustomEmoji>;
  applications: Map<string, OAuthApplication>;
  /** The viewer's FilterResults, by status id. */
  filtered: Map<string, unknown[]>;
  /** Quotes made by the page's statuses and by the statuses they quote, by quoting status id. */
  quotes: Map<string, Quote>;
  /**
   * The live statuses those quotes quote, with their authors: the page's quoted statuses (fully
   * rendered) and theirs (only their id is shown).
   */
  quotedStatuses: Map<string, Status>;
  /** Link preview cards, by status id (absent in pages built without them). */
  cards?: Map<string, PreviewCard>;
  /**
   * The viewer's relations to the authors of the page and of quoted statuses, loaded only when
   * quotes or quote policies need them (anonymous relations otherwise).
   */
  relations: ViewerRelations;
}

/** What the live fields of a status read (see serializeStatus): counters, marks, filters, relations. */
export type LiveStatusView = Pick<
  StatusPage,
  'viewerId' | 'counts' | 'viewer' | 'filtered' | 'relations'
>;

/** What statuses rendered from the cache need besides it: their live facts and authors' counters. */
export interface LiveStatusPage extends LiveStatusView {
  authors: Map<string, AuthorCounters>;
}

export { emojiKey };

/** Quote policy bits whose answer for a viewer depends on follows. */
const FOLLOW_POLICIES =
  ((QuotePolicyFlag.Followers | QuotePolicyFlag.Following) << 16) |
  QuotePolicyFlag.Followers |
  QuotePolicyFlag.Following;

/**
 * Loads what a page of statuses (and their reblogged and quoted statuses) renders with, in a
 * fixed number of queries whatever the page's length. Statuses come with `account` loaded, and
 * reblogs with `reblog` (and its account), as StatusRepository loads them.
 */
@Injectable()
export class StatusPageLoader {
  constructor(
    private readonly pages: StatusPageRepository,
    private readonly emojiRows: CustomEmojiRepository,
    private readonly polls: PollRepository,
    private readonly statusRows: StatusRepository,
    private readonly relationRows: ViewerRelationsRepository,
    private readonly accountPresenter: AccountPresenter,
    @Optional()
    @Inject(STATUS_FILTER_MATCHER)
    private readonly filterMatcher?: StatusFilterMatcher,
  ) {}

  async load(
    statuses: Status[],
    viewerId: string | null,
    filterContext?: FilterContext,
  ): Promise<StatusPage> {
    const all = new Map<string, Status>();
    for (const status of statuses) {
      all.set(status.id, status);
      if (status.reblog) all.set(status.reblog.id, status.reblog);
    }
    const { quotes, quotedStatuses, cards, applications } = await this.loadExtras([
      ...all.values(),
    ]);
    // Quoted statuses render with the page (their own quotes show only an id).
    for (const quote of quotes.values()) {
      const quoted = quote.quotedStatusId ? quotedStatuses.get(quote.quotedStatusId) : undefined;
      if (quoted && all.has(quote.statusId)) all.set(quoted.id, quoted);
    }
    const list = [...all.values()];
    const authors = new Map(list.map((status) => [status.account!.id, status.account!]));
    const distinct = (pick: (status: Status) => string[]) => [...new Set(list.flatMap(pick))];
    const conversationIds = distinct((s) => (s.conversationId ? [s.conversationId] : []));

    const [accountJson, facts, media, polls, filtered, relations] = await Promise.all([
      this.accountPresenter.presentMany([...authors.values()]),
      this.pages.facts([...all.keys()], viewerId ? { id: viewerId, conversationIds } : null),
      this.pages.media(distinct((s) => s.orderedMediaAttachmentIds ?? [])),
      this.polls.findByIds(distinct((s) => (s.pollId ? [s.pollId] : []))),
      viewerId && this.filterMatcher
        ? this.filterMatcher.match(viewerId, statuses, filterContext)
        : Promise.resolve(new Map<string, unknown[]>()),
      this.loadRelations(viewerId, list, quotes, quotedStatuses),
    ]);
    const pollMap = new Map(polls.map((poll) => [poll.id, poll]));
    const pollDomains = new Map(
      list.flatMap((s) => (s.pollId ? [[s.pollId, s.account!.domain] as const] : [])),
    );
    const [ownVotes, emojis] = await Promise.all([
      viewerId ? this.polls.ownVotes(viewerId, [...pollMap.keys()]) : new Map<string, number[]>(),
      this.loadEmojis(
        list.map((status) => ({
          shortcodes: extractEmojiShortcodes(status.spoilerText, status.text),
          domain: status.account!.domain,
        })),
        polls,
        pollDomains,
      ),
    ]);
    return {
      viewerId,
      ...facts,
      accounts: new Map([...authors.keys()].map((id, index) => [id, accountJson[index]])),
      media: new Map(media.map((row) => [row.id, row])),
      polls: pollMap,
      ownVotes,
      emojis,
      applications,
      filtered,
      quotes,
      quotedStatuses,
      cards,
      relations,
    };
  }

  /**
   * What statuses whose rendering is cached (no quotes, no polls) render with besides it, in
   * one query unless `known` (read with the statuses) has it, and one more when quote policies
   * depend on follows: see LiveStatusPage.
   */
  async loadLive(
    statuses: Status[],
    viewerId: string | null,
    filterContext?: FilterContext,
    known?: LiveStatusFacts,
  ): Promise<LiveStatusPage> {
    const all = statuses.flatMap((status) => (status.reblog ? [status, status.reblog] : [status]));
    const conversationIds = [
      ...new Set(all.flatMap((status) => (status.conversationId ? [status.conversationId] : []))),
    ];
    const [live, filtered, relations] = await Promise.all([
      known ??
        this.pages.liveFacts(
          all.map((status) => status.id),
          viewerId ? { id: viewerId, conversationIds } : null,
          [...new Set(all.map((status) => status.accountId))],
        ),
      viewerId && this.filterMatcher
        ? this.filterMatcher.match(viewerId, statuses, filterContext)
        : Promise.resolve(new Map<string, unknown[]>()),
      this.loadRelations(viewerId, all, new Map(), new Map()),
    ]);
    return { viewerId, ...live, filtered, relations };
  }

  /**
   * The quotes, cards and applications of `statuses`, the statuses they quote with theirs, and
   * those statuses' own quoted statuses (rendered shallow): one query when a page quotes
   * nothing, four when it does.
   */
  private async loadExtras(statuses: Status[]): Promise<
    Omit<StatusExtras, 'quotes'> & {
      quotes: Map<string, Quote>;
      quotedStatuses: Map<string, Status>;
    }
  > {
    const quotes = new Map<string, Quote>();
    const quotedStatuses = new Map<string, Status>();
    const cards = new Map<string, PreviewCard>();
    const applications = new Map<string, OAuthApplication>();
    let batch = statuses.map((status) => status.id);
    for (let depth = 0; depth < 2 && batch.length > 0; depth++) {
      const found = await this.pages.extras(batch);
      for (const row of found.quotes) quotes.set(row.statusId, row);
      for (const [id, card] of found.cards) cards.set(id, card);
      for (const [id, app] of found.applications) applications.set(id, app);
      const quotedIds = found.quotes.flatMap((row) =>
        row.quotedStatusId ? [row.quotedStatusId] : [],
      );
      const loaded = quotedIds.length ? await this.statusRows.findWithRelations(quotedIds) : [];
      for (const quoted of loaded) quotedStatuses.set(quoted.id, quoted);
      batch = loaded.map((quoted) => quoted.id);
    }
    return { quotes, quotedStatuses, cards, applications };
  }

  /**
   * What the viewer's quote views and quote authorizations read: their relations to the authors
   * of quoted statuses and of statuses whose quote policy depends on follows. Nothing to load
   * for anonymous viewers, or when no status on the page needs it.
   */
  private async loadRelations(
    viewerId: string | null,
    statuses: Status[],
    quotes: Map<string, Quote>,
    quotedStatuses: Map<string, Status>,
  ): Promise<ViewerRelations> {
    if (!viewerId) return anonymousRelations();
    const followDependent = statuses.filter(
      (status) =>
        status.accountId !== viewerId && (status.quoteApprovalPolicy & FOLLOW_POLICIES) !== 0,
    );
    if (quotes.size === 0 && followDependent.length === 0) return anonymousRelationsOf(viewerId);
    const quoted = [...quotedStatuses.values()];
    const sets = await this.relationRows.load(viewerId, {
      accountIds: [...followDependent, ...quoted].map((status) => status.accountId),
      statusIds: quoted.map((status) => status.id),
      domains: quoted.flatMap((status) => (status.account?.domain ? [status.account.domain] : [])),
    });
    return { viewerId, ...sets };
  }

  /** One poll of a status (GET /api/v1/polls/:id, votes): the viewer's votes and its emojis. */
  async loadPoll(
    poll: Poll,
    author: Pick<Account, 'domain'>,
    viewerId: string | null,
  ): Promise<{ ownVotes: number[] | undefined; emojis: Map<string, CustomEmoji> }> {
    const [ownVotes, emojis] = await Promise.all([
      viewerId ? this.polls.ownVotes(viewerId, [poll.id]) : Promise.resolve(new Map()),
      this.loadEmojis([], [poll], new Map([[poll.id, author.domain]])),
    ]);
    return { ownVotes: ownVotes.get(poll.id), emojis };
  }

  /** Custom emojis used in texts, CWs and poll options, each from its author's server. */
  private async loadEmojis(
    texts: Array<{ shortcodes: string[]; domain: string | null }>,
    polls: Poll[],
    pollDomains: ReadonlyMap<string, string | null>,
  ): Promise<Map<string, CustomEmoji>> {
    const wanted = new Map<string, { shortcode: string; domain: string | null }>();
    const add = (shortcodes: string[], domain: string | null) => {
      for (const shortcode of shortcodes) {
        wanted.set(emojiKey(shortcode, domain), { shortcode, domain });
      }
    };
    for (const text of texts) add(text.shortcodes, text.domain);
    for (const poll of polls) {
      add(extractEmojiShortcodes(...poll.options), pollDomains.get(poll.id) ?? null);
    }
    const rows = await this.emojiRows.findEnabled([...wanted.values()]);
    return new Map(rows.map((emoji) => [emojiKey(emoji.shortcode, emoji.domain), emoji]));
  }
}

/** A viewer without follows, blocks or mentions among the page's accounts. */
function anonymousRelationsOf(viewerId: string): ViewerRelations {
  return { ...anonymousRelations(), viewerId };
}
