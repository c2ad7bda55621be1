import { AppConfig } from '@nestodon/config';
import {
  Account,
  Announcement,
  AnnouncementReactionRow,
  AnnouncementStatusRow,
  CustomEmoji,
} from '@nestodon/domain';
import { CustomEmojiJson } from './account.serializer';
import { serializeCustomEmoji } from './custom-emoji.serializer';

export interface AnnouncementReactionJson {
  name: string;
  count: number;
  /** Only for a signed-in viewer. */
  me?: boolean;
  /** Custom emoji reactions only. */
  url?: string;
  static_url?: string;
}

/** Mastodon's Announcement entity. */
export interface AnnouncementJson {
  id: string;
  content: string;
  starts_at: string | null;
  ends_at: string | null;
  all_day: boolean;
  published_at: string | null;
  updated_at: string;
  /** Only for a signed-in viewer: whether they dismissed it. */
  read?: boolean;
  mentions: Array<{ id: string; username: string; url: string; acct: string }>;
  statuses: Array<{ id: string; url: string }>;
  tags: Array<{ name: string; url: string }>;
  emojis: CustomEmojiJson[];
  reactions: AnnouncementReactionJson[];
}

/** Everything an announcement is shown with, loaded beforehand for a whole list. */
export interface AnnouncementFacts {
  announcement: Announcement;
  /** The text as HTML (links, hashtags, resolved mentions). */
  content: string;
  mentioned: Account[];
  hashtags: string[];
  statuses: AnnouncementStatusRow[];
  emojis: CustomEmoji[];
  reactions: AnnouncementReactionRow[];
  /** Local custom emojis of reactions, by id. */
  reactionEmojis: ReadonlyMap<string, CustomEmoji>;
  /** Whether the viewer dismissed it; undefined without a viewer (streaming, anonymous). */
  read: boolean | undefined;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function serializeAnnouncement(
  facts: AnnouncementFacts,
  config: Pick<AppConfig, 'instance' | 'media'>,
): AnnouncementJson {
  const { announcement } = facts;
  const { baseUrl } = config.instance;
  const json: AnnouncementJson = {
    id: announcement.id,
    content: facts.content,
    starts_at: iso(announcement.startsAt),
    ends_at: iso(announcement.endsAt),
    all_day: announcement.allDay,
    published_at: iso(announcement.publishedAt),
    updated_at: announcement.updatedAt.toISOString(),
    mentions: facts.mentioned.map((account) => ({
      id: account.id,
      username: account.username,
      url:
        account.domain === null
          ? `${baseUrl}/@${account.username}`
          : (account.url ?? account.uri ?? ''),
      acct: account.domain === null ? account.username : `${account.username}@${account.domain}`,
    })),
    statuses: facts.statuses.map((status) => ({
      id: status.id,
      url:
        status.domain === null
          ? `${baseUrl}/@${status.username}/${status.id}`
          : (status.url ?? status.uri ?? ''),
    })),
    tags: facts.hashtags.map((name) => ({
      name,
      url: `${baseUrl}/tags/${encodeURIComponent(name.toLowerCase())}`,
    })),
    emojis: facts.emojis.map((emoji) => serializeCustomEmoji(emoji, config)),
    reactions: facts.reactions.map((reaction) => {
      const rendered: AnnouncementReactionJson = { name: reaction.name, count: reaction.count };
      if (facts.read !== undefined) rendered.me = reaction.me;
      const emoji = reaction.customEmojiId
        ? facts.reactionEmojis.get(reaction.customEmojiId)
        : undefined;
      if (emoji) {
        const { url, static_url } = serializeCustomEmoji(emoji, config);
        Object.assign(rendered, { url, static_url });
      }
      return rendered;
    }),
  };
  if (facts.read !== undefined) json.read = facts.read;
  return json;
}
