import { Account, readUserSettings, User } from '@nestodon/domain';

export interface PreferencesJson {
  'posting:default:visibility': string;
  'posting:default:sensitive': boolean;
  'posting:default:language': string | null;
  'reading:expand:media': string;
  'reading:expand:spoilers': boolean;
}

/** Mastodon's Preferences entity, from users.settings with defaults filled in. */
export function serializePreferences(
  user: Pick<User, 'settings'>,
  account: Pick<Account, 'locked'>,
): PreferencesJson {
  const settings = readUserSettings(user.settings, account);
  return {
    'posting:default:visibility': settings.defaultPrivacy,
    'posting:default:sensitive': settings.defaultSensitive,
    'posting:default:language': settings.defaultLanguage,
    'reading:expand:media': settings.displayMedia,
    'reading:expand:spoilers': settings.expandSpoilers,
  };
}
