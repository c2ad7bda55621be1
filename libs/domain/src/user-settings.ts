import type { User } from './entities/user.entity';

export const POSTING_VISIBILITIES = ['public', 'unlisted', 'private', 'direct'] as const;
export type PostingVisibility = (typeof POSTING_VISIBILITIES)[number];
export const DISPLAY_MEDIA = ['default', 'show_all', 'hide_all'] as const;
export type DisplayMedia = (typeof DISPLAY_MEDIA)[number];
export const QUOTE_POLICIES = ['public', 'followers', 'nobody'] as const;
export type QuotePolicy = (typeof QUOTE_POLICIES)[number];

/** The keys of users.settings (jsonb) as Mastodon names them, all optional. */
export interface StoredUserSettings {
  default_privacy?: PostingVisibility;
  default_sensitive?: boolean;
  default_language?: string | null;
  default_quote_policy?: QuotePolicy;
  display_media?: DisplayMedia;
  expand_spoilers?: boolean;
  noindex?: boolean;
}

export interface UserSettings {
  defaultPrivacy: PostingVisibility;
  defaultSensitive: boolean;
  /** ISO 639-1 code, or null for none. */
  defaultLanguage: string | null;
  defaultQuotePolicy: QuotePolicy;
  displayMedia: DisplayMedia;
  expandSpoilers: boolean;
  noindex: boolean;
}

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/**
 * A user's settings with Mastodon's defaults filled in. Without a stored default visibility,
 * locked accounts post to followers only, as on Mastodon.
 */
export function readUserSettings(
  settings: User['settings'] | null | undefined,
  account?: { locked: boolean },
): UserSettings {
  const s = (settings ?? {}) as StoredUserSettings;
  return {
    defaultPrivacy: oneOf(
      POSTING_VISIBILITIES,
      s.default_privacy,
      account?.locked ? 'private' : 'public',
    ),
    defaultSensitive: s.default_sensitive === true,
    defaultLanguage:
      typeof s.default_language === 'string' && s.default_language !== ''
        ? s.default_language
        : null,
    defaultQuotePolicy: oneOf(QUOTE_POLICIES, s.default_quote_policy, 'public'),
    displayMedia: oneOf(DISPLAY_MEDIA, s.display_media, 'default'),
    expandSpoilers: s.expand_spoilers === true,
    noindex: s.noindex === true,
  };
}
