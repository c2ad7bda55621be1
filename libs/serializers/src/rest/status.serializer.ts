import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  CustomEmoji,
  MediaAttachment,
  OAuthApplication,
  Poll,
  Status,
  queryPrepared,
  queryPreparedArrays,
  StatusVisibility,
  visibilityName,
} from '@nestodon/domain';
import { isPinnable } from '@nestodon/policies';
import { escapeHtml, extractEmojiShortcodes } from '@nestodon/text';
import { DataSource, In } from 'typeorm';
import { AccountJson, AccountPresenter, CustomEmojiJson } from './account.serializer';
import { serializeCustomEmoji } from './custom-emoji.serializer';
import { MediaAttachmentJson, serializeMediaAttachment } from './media-attachment.serializer';
import { PollJson, serializePoll } from './poll.serializer';

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
  quote: null;
  quote_approval: { automatic: string[]; manual: string[]; current_user: string };
  card: null;
  poll: PollJson | null;
}

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

export interface PresentStatusOptions {
  /** Adds the raw `text` (the delete response, for redraft). */
  source?: boolean;
  filterContext?: FilterContext;
}

type Viewer = Pick<Account, 'id'> | null | undefined;

/** Everything a page of statuses needs, loaded in a fixed number of queries. */
interface Preloaded {
  accounts: Map<string, AccountJson>;
  stats: Map<string, { repliesCount: number; reblogsCount: number; favouritesCount: number }>;
  mentions: Map<string, StatusMentionJson[]>;
  tags: Map<string, StatusTagJson[]>;
  media: Map<string, MediaAttachment>;
  polls: Map<string, Poll>;
  ownVotes: Map<string, number[]>;
  emojis: Map<string, CustomEmoji>;
  applications: Map<string, OAuthApplication>;
  flags: {
    favourited: Set<string>;
    reblogged: Set<string>;
    bookmarked: Set<string>;
    pinned: Set<string>;
    mutedConversations: Set<string>;
  } | null;
  filtered: Map<string, unknown[]>;
}

const emojiKey = (shortcode: string, domain: string | null) => `${shortcode}@${domain ?? ''}`;

/**
 * Renders statuses as Mastodon's Status entity with the viewer's flags (favourited, reblogged,
 * muted, bookmarked, pinned, filtered). A page costs the same number of queries whatever its
 * length; visibility is the caller's business (libs/policies), this only renders.
 */
@Injectable()
export class StatusPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly accountPresenter: AccountPresenter,
    @Optional()
    @Inject(STATUS_FILTER_MATCHER)
    private readonly filterMatcher?: StatusFilterMatcher,
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
   * Statuses must come with `account` loaded, and reblogs with `reblog` (and its account), as
   * StatusRepository.findWithRelations loads them. Order is kept.
   */
  async presentMany(
    statuses: Status[],
    viewer: Viewer,
    options: PresentStatusOptions = {},
  ): Promise<StatusJson[]> {
    if (statuses.length === 0) return [];
    const data = await this.preload(statuses, viewer?.id ?? null, options);
    return statuses.map((status) => this.serialize(status, viewer?.id ?? null, data, options));
  }

  /** One poll (GET /api/v1/polls/:id, votes): with the viewer's votes and its emojis. */
  async presentPoll(poll: Poll, status: Status, viewer: Viewer): Promise<PollJson> {
    const viewerId = viewer?.id ?? null;
    const [ownVotes, emojis] = await Promise.all([
      viewerId ? this.loadOwnVotes(viewerId, [poll.id]) : Promise.resolve(new Map()),
      this.loadEmojis([], [poll], new Map([[poll.id, status.account?.domain ?? null]])),
    ]);
    return serializePoll(poll, {
      viewerId,
      ownVotes: ownVotes.get(poll.id),
      emojis: this.emojisFor(
        extractEmojiShortcodes(...poll.options),
        status.account?.domain ?? null,
        emojis,
      ),
    });
  }

  private serialize(
    status: Status,
    viewerId: string | null,
    data: Preloaded,
    options: PresentStatusOptions,
  ): StatusJson {
    const account = status.account!;
    const stat = data.stats.get(status.id);
    const { uri, url } = this.locations(status, account);
    const json: StatusJson = {
      id: status.id,
      created_at: status.createdAt.toISOString(),
      in_reply_to_id: status.inReplyToId,
      in_reply_to_account_id: status.inReplyToAccountId,
      sensitive: status.sensitive,
      spoiler_text: status.spoilerText,
      visibility:
        status.visibility === StatusVisibility.Limited
          ? 'private'
          : visibilityName(status.visibility),
      language: status.language,
      uri,
      url,
      replies_count: stat?.repliesCount ?? 0,
      reblogs_count: stat?.reblogsCount ?? 0,
      favourites_count: stat?.favouritesCount ?? 0,
      quotes_count: 0,
      edited_at: status.editedAt ? status.editedAt.toISOString() : null,
      content: status.reblogOfId ? '' : this.content(status),
      reblog: null,
      account: data.accounts.get(account.id)!,
      media_attachments: (status.orderedMediaAttachmentIds ?? []).flatMap((id) => {
        const media = data.media.get(id);
        return media ? [serializeMediaAttachment(media, this.config)] : [];
      }),
      mentions: data.mentions.get(status.id) ?? [],
      tags: data.tags.get(status.id) ?? [],
      emojis: this.emojisOf(status, account, data),
      quote: null,
      quote_approval: { automatic: [], manual: [], current_user: 'denied' },
      card: null,
      poll: null,
    };
    if (data.flags) {
      json.favourited = data.flags.favourited.has(status.id);
      json.reblogged = data.flags.reblogged.has(status.id);
      json.muted = status.conversationId
        ? data.flags.mutedConversations.has(status.conversationId)
        : false;
      json.bookmarked = data.flags.bookmarked.has(status.id);
      if (isPinnable(status, viewerId)) json.pinned = data.flags.pinned.has(status.id);
      json.filtered = data.filtered.get(status.id) ?? [];
    }
    if (options.source) json.text = status.text;
    if (status.reblog) json.reblog = this.serialize(status.reblog, viewerId, data, options);
    const application = status.applicationId ? data.applications.get(status.applicationId) : null;
    if (application) {
      json.application = { name: application.name, website: application.website };
    }
    const poll = status.pollId ? data.polls.get(status.pollId) : undefined;
    if (poll) {
      json.poll = serializePoll(poll, {
        viewerId,
        ownVotes: data.ownVotes.get(poll.id),
        emojis: this.emojisFor(
          extractEmojiShortcodes(...poll.options),
          account.domain,
          data.emojis,
        ),
      });
    }
    return json;
  }

  /** Local statuses derive their URIs from the configured domain, remote ones keep theirs. */
  private locations(status: Status, account: Account): { uri: string; url: string | null } {
    if (account.domain === null) {
      const base = `${this.config.instance.baseUrl}/users/${account.username}/statuses/${status.id}`;
      if (status.reblogOfId) return { uri: `${base}/activity`, url: `${base}/activity` };
      return {
        uri: base,
        url: `${this.config.instance.baseUrl}/@${account.username}/${status.id}`,
      };
    }
    return { uri: status.uri ?? '', url: status.url ?? status.uri };
  }

  private content(status: Status): string {
    if (status.contentHtml !== null) return status.contentHtml;
    return status.text ? `<p>${escapeHtml(status.text)}</p>` : '';
  }

  private emojisOf(status: Status, account: Account, data: Preloaded): CustomEmojiJson[] {
    if (status.reblogOfId) return [];
    return this.emojisFor(
      extractEmojiShortcodes(status.spoilerText, status.text),
      account.domain,
      data.emojis,
    );
  }

  private emojisFor(shortcodes: string[], domain: string | null, emojis: Map<string, CustomEmoji>) {
    return shortcodes.flatMap((shortcode) => {
      const emoji = emojis.get(emojiKey(shortcode, domain));
      return emoji ? [serializeCustomEmoji(emoji, this.config)] : [];
    });
  }

  private async preload(
    statuses: Status[],
    viewerId: string | null,
    options: PresentStatusOptions,
  ): Promise<Preloaded> {
    const all = new Map<string, Status>();
    for (const status of statuses) {
      all.set(status.id, status);
      if (status.reblog) all.set(status.reblog.id, status.reblog);
    }
    const list = [...all.values()];
    const ids = [...all.keys()];
    const authors = new Map(list.map((status) => [status.account!.id, status.account!]));
    const mediaIds = [...new Set(list.flatMap((status) => status.orderedMediaAttachmentIds ?? []))];
    const pollIds = [...new Set(list.flatMap((status) => (status.pollId ? [status.pollId] : [])))];
    const applicationIds = [
      ...new Set(list.flatMap((status) => (status.applicationId ? [status.applicationId] : []))),
    ];

    const [accountJson, facts, media, polls, applications, filtered] = await Promise.all([
      this.accountPresenter.presentMany([...authors.values()]),
      this.loadFacts(ids, viewerId, list),
      mediaIds.length
        ? this.dataSource.getRepository(MediaAttachment).findBy({ id: In(mediaIds) })
        : Promise.resolve([] as MediaAttachment[]),
      pollIds.length
        ? this.dataSource.getRepository(Poll).findBy({ id: In(pollIds) })
        : Promise.resolve([] as Poll[]),
      applicationIds.length
        ? this.dataSource.getRepository(OAuthApplication).findBy({ id: In(applicationIds) })
        : Promise.resolve([] as OAuthApplication[]),
      viewerId && this.filterMatcher
        ? this.filterMatcher.match(viewerId, statuses, options.filterContext)
        : Promise.resolve(new Map<string, unknown[]>()),
    ]);
    const pollMap = new Map(polls.map((poll) => [poll.id, poll]));
    const [ownVotes, emojis] = await Promise.all([
      viewerId && polls.length ? this.loadOwnVotes(viewerId, [...pollMap.keys()]) : new Map(),
      this.loadEmojis(list, polls),
    ]);
    return {
      accounts: new Map([...authors.keys()].map((id, index) => [id, accountJson[index]])),
      ...facts,
      media: new Map(media.map((row) => [row.id, row])),
      polls: pollMap,
      ownVotes,
      emojis,
      applications: new Map(applications.map((app) => [String(app.id), app])),
      filtered,
    };
  }

  private async loadOwnVotes(viewerId: string, pollIds: string[]): Promise<Map<string, number[]>> {
    const rows: Array<{ poll_id: string; choice: number }> = await queryPrepared(
      this.dataSource,

      `SELECT poll_id::text AS poll_id, choice FROM poll_votes
        WHERE account_id = $1 AND poll_id = ANY($2::bigint[]) ORDER BY choice`,
      [viewerId, pollIds],
    );
    const map = new Map<string, number[]>();
    for (const row of rows) map.set(row.poll_id, [...(map.get(row.poll_id) ?? []), row.choice]);
    return map;
  }

  /** Custom emojis used in texts, CWs and poll options, each from its author's server. */
  private async loadEmojis(
    statuses: Status[],
    polls: Poll[],
    pollDomains = new Map<string, string | null>(),
  ): Promise<Map<string, CustomEmoji>> {
    const wanted = new Map<string, { shortcode: string; domain: string | null }>();
    const add = (shortcodes: string[], domain: string | null) => {
      for (const shortcode of shortcodes)
        wanted.set(emojiKey(shortcode, domain), { shortcode, domain });
    };
    const domainOfPoll = new Map(pollDomains);
    for (const status of statuses) {
      add(extractEmojiShortcodes(status.spoilerText, status.text), status.account!.domain);
      if (status.pollId) domainOfPoll.set(status.pollId, status.account!.domain);
    }
    for (const poll of polls)
      add(extractEmojiShortcodes(...poll.options), domainOfPoll.get(poll.id) ?? null);
    if (wanted.size === 0) return new Map();
    const pairs = [...wanted.values()];
    const rows = await this.dataSource
      .getRepository(CustomEmoji)
      .createQueryBuilder('e')
      .where('e.disabled = false')
      .andWhere(
        `(e.shortcode, COALESCE(e.domain, '')) IN
           (SELECT * FROM unnest(CAST(:shortcodes AS varchar[]), CAST(:domains AS varchar[])))`,
        {
          shortcodes: pairs.map((pair) => pair.shortcode),
          domains: pairs.map((p) => p.domain ?? ''),
        },
      )
      .getMany();
    return new Map(rows.map((emoji) => [emojiKey(emoji.shortcode, emoji.domain), emoji]));
  }

  /**
   * Counters, mentions, tags and (for a viewer) the viewer's favourites, reblogs, bookmarks,
   * pins and conversation mutes of a page, in one prepared query: rows are
   * (kind, status id, values…), mentions in mention order and tags by name.
   */
  private async loadFacts(
    statusIds: string[],
    viewerId: string | null,
    statuses: Status[],
  ): Promise<Pick<Preloaded, 'stats' | 'mentions' | 'tags' | 'flags'>> {
    const conversationIds = [
      ...new Set(statuses.flatMap((s) => (s.conversationId ? [s.conversationId] : []))),
    ];
    const rows = await queryPreparedArrays(
      this.dataSource,
      viewerId ? FACTS_SQL + VIEWER_FACTS_SQL + FACTS_ORDER : FACTS_SQL + FACTS_ORDER,
      viewerId ? [statusIds, viewerId, conversationIds] : [statusIds],
    );
    const { baseUrl } = this.config.instance;
    const stats: Preloaded['stats'] = new Map();
    const mentions = new Map<string, StatusMentionJson[]>();
    const tags = new Map<string, StatusTagJson[]>();
    const flags = viewerId
      ? {
          favourited: new Set<string>(),
          reblogged: new Set<string>(),
          bookmarked: new Set<string>(),
          pinned: new Set<string>(),
          mutedConversations: new Set<string>(),
        }
      : null;
    for (const row of rows as Array<Array<string | null>>) {
      const [kind, statusId, a, b, c, d, e] = row as [string, string, ...Array<string | null>];
      switch (kind) {
        case 'stat':
          stats.set(statusId, {
            repliesCount: Number(a),
            reblogsCount: Number(b),
            favouritesCount: Number(c),
          });
          break;
        case 'mention': {
          const username = b!;
          const domain = c;
          const local = domain === null;
          const list = mentions.get(statusId) ?? [];
          list.push({
            id: a!,
            username,
            url: local ? `${baseUrl}/@${username}` : (d ?? e ?? ''),
            acct: local ? username : `${username}@${domain}`,
          });
          mentions.set(statusId, list);
          break;
        }
        case 'tag': {
          const list = tags.get(statusId) ?? [];
          list.push({ name: b ?? a!, url: `${baseUrl}/tags/${encodeURIComponent(a!)}` });
          tags.set(statusId, list);
          break;
        }
        case 'muted':
          flags?.mutedConversations.add(statusId);
          break;
        default:
          flags?.[kind as 'favourited' | 'reblogged' | 'bookmarked' | 'pinned'].add(statusId);
      }
    }
    return { stats, mentions, tags, flags };
  }
}

/** Per-status facts of a page ($1: status ids); see StatusPresenter.loadFacts. */
const FACTS_SQL = `
  SELECT 'stat' AS kind, status_id::text AS status_id, replies_count::text AS a,
         reblogs_count::text AS b, favourites_count::text AS c, NULL::text AS d, NULL::text AS e,
         NULL::bigint AS mention_order, NULL::varchar AS tag_order
    FROM status_stats WHERE status_id = ANY($1::bigint[])
  UNION ALL
  SELECT 'mention', m.status_id::text, a.id::text, a.username, a.domain, a.url, a.uri, m.id, NULL
    FROM mentions m JOIN accounts a ON a.id = m.account_id
   WHERE m.status_id = ANY($1::bigint[]) AND m.silent = false
  UNION ALL
  SELECT 'tag', st.status_id::text, t.name, t.display_name, NULL, NULL, NULL, NULL, t.name
    FROM statuses_tags st JOIN tags t ON t.id = st.tag_id
   WHERE st.status_id = ANY($1::bigint[])`;

/** The viewer's flags ($2: viewer, $3: conversation ids), appended to FACTS_SQL. */
const VIEWER_FACTS_SQL = `
  UNION ALL
  SELECT 'favourited', status_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM favourites
   WHERE account_id = $2 AND status_id = ANY($1::bigint[])
  UNION ALL
  SELECT 'bookmarked', status_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM bookmarks
   WHERE account_id = $2 AND status_id = ANY($1::bigint[])
  UNION ALL
  SELECT 'pinned', status_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM status_pins
   WHERE account_id = $2 AND status_id = ANY($1::bigint[])
  UNION ALL
  SELECT 'reblogged', reblog_of_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM statuses
   WHERE account_id = $2 AND reblog_of_id = ANY($1::bigint[]) AND deleted_at IS NULL
  UNION ALL
  SELECT 'muted', conversation_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM conversation_mutes
   WHERE account_id = $2 AND conversation_id = ANY($3::bigint[])`;

const FACTS_ORDER = `
  ORDER BY mention_order, tag_order`;
