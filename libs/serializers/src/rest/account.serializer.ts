import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  AccountField,
  AccountCountersAndUsers,
  AccountRepository,
  AccountStat,
  AccountStatsRepository,
  CustomEmoji,
  CustomEmojiRepository,
  EVERYONE_ROLE_ID,
  hasStaticVariant,
  ProfileImage,
  profileImageKey,
  readUserSettings,
  User,
  UserRole,
} from '@nestodon/domain';
import { extractEmojiShortcodes, formatPlainText } from '@nestodon/text';
import { emojiKey, serializeCustomEmoji } from './custom-emoji.serializer';

export interface AccountRoleJson {
  id: string;
  name: string;
  color: string;
}

export interface AccountFieldJson {
  name: string;
  value: string;
  verified_at: string | null;
}

export interface CustomEmojiJson {
  shortcode: string;
  url: string;
  static_url: string;
  visible_in_picker: boolean;
  category: string | null;
}

/** Mastodon's REST Account entity. */
export interface AccountJson {
  id: string;
  username: string;
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  discoverable: boolean | null;
  indexable: boolean;
  group: boolean;
  created_at: string;
  note: string;
  url: string;
  uri: string;
  avatar: string;
  avatar_static: string;
  avatar_description: string;
  header: string;
  header_static: string;
  header_description: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  hide_collections: boolean | null;
  show_media: boolean;
  show_media_replies: boolean;
  show_featured: boolean;
  /** Local accounts only. */
  noindex?: boolean;
  /** Present when the account moved; null when the account is suspended. */
  moved?: AccountJson | null;
  suspended?: true;
  limited?: true;
  memorial?: true;
  emojis: CustomEmojiJson[];
  fields: AccountFieldJson[];
  roles: AccountRoleJson[];
}

export interface RoleJson {
  id: string;
  name: string;
  color: string;
  permissions: string;
  highlighted: boolean;
}

export interface CredentialAccountJson extends AccountJson {
  source: {
    privacy: string;
    sensitive: boolean;
    language: string;
    note: string;
    fields: AccountFieldJson[];
    follow_requests_count: number;
    hide_collections: boolean | null;
    discoverable: boolean | null;
    indexable: boolean;
    attribution_domains: string[];
    quote_policy: string;
  };
  role: RoleJson;
}

/** The signed-in user's own profile as they edit it (Mastodon 4.6's Profile entity). */
export interface ProfileJson {
  id: string;
  display_name: string;
  /** The raw text, not HTML. */
  note: string;
  fields: AccountFieldJson[];
  avatar: string | null;
  avatar_static: string | null;
  avatar_description: string;
  header: string | null;
  header_static: string | null;
  header_description: string;
  locked: boolean;
  bot: boolean;
  hide_collections: boolean | null;
  discoverable: boolean | null;
  indexable: boolean;
  show_media: boolean;
  show_media_replies: boolean;
  show_featured: boolean;
  attribution_domains: string[];
}

/** Everything the serializer needs besides the account row, loaded in a fixed number of queries. */
interface Preloaded {
  stats: Map<string, AccountStat>;
  /** Users (with role) of local accounts, by account id. */
  users: Map<string, User>;
  /** Accounts that the presented ones moved to, by id. */
  moved: Map<string, Account>;
  /** Custom emojis of names, notes and fields, by `shortcode@domain` (domain empty: local). */
  emojis: Map<string, CustomEmoji>;
}

const BOT_ACTOR_TYPES = new Set(['Service', 'Application']);

/** The role of users without one when the database has none (as a fresh install has). */
const NO_ROLE: UserRole = Object.assign(new UserRole(), {
  id: EVERYONE_ROLE_ID,
  name: '',
  color: '',
  permissions: '0',
  highlighted: false,
});

/** Midnight UTC of the day, as Mastodon rounds account creation dates. */
const midnight = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())).toISOString();

export const serializeRole = (role: UserRole): RoleJson => ({
  id: String(role.id),
  name: role.name,
  color: role.color,
  permissions: String(role.permissions),
  highlighted: role.highlighted,
});

/**
 * Renders accounts as Mastodon's Account entity. Lists cost a constant number of queries
 * whatever their length: counters, users and roles of local accounts, moved-to accounts.
 */
@Injectable()
export class AccountPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly emojiRows: CustomEmojiRepository,
    private readonly accountRows: AccountRepository,
    private readonly stats: AccountStatsRepository,
  ) {}

  async present(account: Account): Promise<AccountJson> {
    const [json] = await this.presentMany([account]);
    return json;
  }

  /** Renders in the given order (duplicates allowed). */
  async presentMany(accounts: Account[]): Promise<AccountJson[]> {
    if (accounts.length === 0) return [];
    const preloaded = await this.preload(accounts);
    return accounts.map((account) => this.serialize(account, preloaded, true));
  }

  /** The signed-in user's own account, with `source` and `role` (verify_credentials). */
  async presentCredential(account: Account, user: User): Promise<CredentialAccountJson> {
    const facts = await this.stats.credentialFacts(account.id);
    const json = this.serialize(account, await this.preload([account], facts), true);
    const role = facts.users.get(account.id)?.role ?? facts.everyoneRole ?? NO_ROLE;
    const settings = readUserSettings(user.settings, account);
    return {
      ...json,
      source: {
        privacy: settings.defaultPrivacy,
        sensitive: settings.defaultSensitive,
        language: settings.defaultLanguage ?? '',
        note: account.note,
        fields: account.fields.map(rawField),
        follow_requests_count: facts.followRequests,
        hide_collections: account.hideCollections,
        discoverable: account.discoverable,
        indexable: account.indexable,
        attribution_domains: account.attributionDomains,
        quote_policy: settings.defaultQuotePolicy,
      },
      role: serializeRole(role),
    };
  }

  /**
   * The user's own profile (GET/PATCH /api/v1/profile): raw note and fields, and images as
   * stored (null without one, not the placeholder). No queries.
   */
  presentProfile(account: Account): ProfileJson {
    const image = (kind: ProfileImage, style: 'original' | 'static') =>
      (kind === 'avatar' ? account.avatarFileName : account.headerFileName)
        ? this.imageUrl(account, kind, style, false)
        : null;
    return {
      id: account.id,
      display_name: account.displayName,
      note: account.note,
      fields: account.fields.map(rawField),
      avatar: image('avatar', 'original'),
      avatar_static: image('avatar', 'static'),
      avatar_description: account.avatarDescription,
      header: image('header', 'original'),
      header_static: image('header', 'static'),
      header_description: account.headerDescription,
      locked: account.locked,
      bot: BOT_ACTOR_TYPES.has(account.actorType),
      hide_collections: account.hideCollections,
      discoverable: account.discoverable,
      indexable: account.indexable,
      show_media: account.showMedia,
      show_media_replies: account.showMediaReplies,
      show_featured: account.showFeatured,
      attribution_domains: account.attributionDomains,
    };
  }

  /** Serializes one account from preloaded data; no queries. */
  private serialize(account: Account, data: Preloaded, withMoved: boolean): AccountJson {
    const { baseUrl } = this.config.instance;
    const local = account.domain === null;
    const unavailable = account.suspendedAt !== null;
    const stat = data.stats.get(account.id);
    const user = local ? data.users.get(account.id) : undefined;
    const json: AccountJson = {
      id: account.id,
      username: account.username,
      acct: local ? account.username : `${account.username}@${account.domain}`,
      display_name: unavailable ? '' : account.displayName,
      locked: unavailable ? false : account.locked,
      bot: unavailable ? false : BOT_ACTOR_TYPES.has(account.actorType),
      discoverable: unavailable ? false : account.discoverable,
      indexable: unavailable ? false : account.indexable,
      group: account.actorType === 'Group',
      created_at: midnight(account.createdAt),
      note: unavailable ? '' : this.noteHtml(account),
      url: local ? `${baseUrl}/@${account.username}` : (account.url ?? account.uri ?? ''),
      uri: local ? `${baseUrl}/users/${account.username}` : (account.uri ?? ''),
      avatar: this.imageUrl(account, 'avatar', 'original', unavailable),
      avatar_static: this.imageUrl(account, 'avatar', 'static', unavailable),
      avatar_description: unavailable ? '' : account.avatarDescription,
      header: this.imageUrl(account, 'header', 'original', unavailable),
      header_static: this.imageUrl(account, 'header', 'static', unavailable),
      header_description: unavailable ? '' : account.headerDescription,
      followers_count: stat?.followersCount ?? 0,
      following_count: stat?.followingCount ?? 0,
      statuses_count: stat?.statusesCount ?? 0,
      last_status_at: stat?.lastStatusAt ? stat.lastStatusAt.toISOString().slice(0, 10) : null,
      hide_collections: account.hideCollections,
      show_media: account.showMedia,
      show_media_replies: account.showMediaReplies,
      show_featured: account.showFeatured,
      emojis: unavailable ? [] : this.emojisOf(account, data.emojis),
      fields: unavailable ? [] : account.fields.map((field) => this.renderedField(account, field)),
      roles: [],
    };
    if (local) json.noindex = readUserSettings(user?.settings).noindex;
    if (account.movedToAccountId && withMoved) {
      const target = data.moved.get(account.movedToAccountId);
      if (unavailable) json.moved = null;
      else if (target) json.moved = this.serialize(target, data, false);
    }
    if (unavailable) json.suspended = true;
    if (account.silencedAt !== null) json.limited = true;
    if (account.memorial) json.memorial = true;
    const role = user?.role;
    if (!unavailable && role?.highlighted) {
      json.roles = [{ id: String(role.id), name: role.name, color: role.color }];
    }
    return json;
  }

  /** `counters`: the accounts' counters and users when already read. */
  private async preload(
    accounts: Account[],
    counters?: AccountCountersAndUsers,
  ): Promise<Preloaded> {
    const movedIds = [
      ...new Set(
        accounts.flatMap((account) =>
          account.movedToAccountId && account.suspendedAt === null
            ? [account.movedToAccountId]
            : [],
        ),
      ),
    ];
    const movedList = await this.accountRows.findByIds(movedIds);
    const all = [...accounts, ...movedList];
    const emojis = this.loadEmojis(all);
    const { stats, users } = await this.stats.countersAndUsers(
      (counters ? movedList : all).map((account) => account.id),
    );
    for (const [id, stat] of counters?.stats ?? []) stats.set(id, stat);
    for (const [id, user] of counters?.users ?? []) users.set(id, user);
    return {
      stats,
      users,
      moved: new Map(movedList.map((account) => [account.id, account])),
      emojis: await emojis,
    };
  }

  /** The emojis the accounts' names, notes and fields use, each from its account's server. */
  private async loadEmojis(accounts: Account[]): Promise<Map<string, CustomEmoji>> {
    const wanted = new Map<string, { shortcode: string; domain: string | null }>();
    for (const account of accounts) {
      for (const shortcode of emojiShortcodesOf(account)) {
        wanted.set(emojiKey(shortcode, account.domain), { shortcode, domain: account.domain });
      }
    }
    if (wanted.size === 0) return new Map();
    const rows = await this.emojiRows.findEnabled([...wanted.values()]);
    return new Map(rows.map((emoji) => [emojiKey(emoji.shortcode, emoji.domain), emoji]));
  }

  private emojisOf(account: Account, emojis: Map<string, CustomEmoji>): CustomEmojiJson[] {
    return emojiShortcodesOf(account).flatMap((shortcode) => {
      const emoji = emojis.get(emojiKey(shortcode, account.domain));
      return emoji ? [serializeCustomEmoji(emoji, this.config)] : [];
    });
  }

  private noteHtml(account: Account): string {
    if (account.domain !== null) return account.note;
    return (
      account.noteHtml ??
      formatPlainText(account.note, { baseUrl: this.config.instance.baseUrl }).html
    );
  }

  private renderedField(account: Account, field: AccountField): AccountFieldJson {
    const value =
      account.domain !== null
        ? field.value
        : (field.value_html ??
          formatPlainText(field.value, {
            baseUrl: this.config.instance.baseUrl,
            multiline: false,
            relMe: true,
          }).html);
    return { name: field.name, value, verified_at: field.verified_at ?? null };
  }

  private imageUrl(
    account: Account,
    image: ProfileImage,
    style: 'original' | 'static',
    unavailable: boolean,
  ): string {
    const missing = `${this.config.instance.baseUrl}/${image}s/original/missing.png`;
    if (unavailable) return missing;
    const fileName = image === 'avatar' ? account.avatarFileName : account.headerFileName;
    if (fileName) {
      const contentType =
        image === 'avatar' ? account.avatarContentType : account.headerContentType;
      const keyStyle = style === 'static' && hasStaticVariant(contentType) ? 'static' : 'original';
      return `${this.config.media.baseUrl}/${profileImageKey(account.id, image, fileName, keyStyle)}`;
    }
    // Remote images are linked where they live until media caching stores local copies.
    const remote = image === 'avatar' ? account.avatarRemoteUrl : account.headerRemoteUrl;
    return remote || missing;
  }
}

/** Shortcodes in the texts Mastodon looks for emojis in: display name, note, field names and values. */
const emojiShortcodesOf = (account: Account) =>
  extractEmojiShortcodes(
    account.displayName,
    account.note,
    ...account.fields.flatMap((field) => [field.name, field.value]),
  );

const rawField = (field: AccountField): AccountFieldJson => ({
  name: field.name,
  value: field.value,
  verified_at: field.verified_at ?? null,
});
