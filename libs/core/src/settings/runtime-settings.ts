import { AppConfig, REGISTRATION_MODES, RegistrationMode } from '@nestodon/config';

/** Server settings an operator changes without a restart (`settings …` of the CLI). */
export interface RuntimeSettings {
  /** Who may sign up: everyone, everyone with staff approval, or nobody (invites only). */
  registrationsMode: RegistrationMode;
  /** Sign-ups awaiting approval must say why they want to join (Mastodon's require_invite_text). */
  requireInviteText: boolean;
  /** Who may read the instance's domain blocks (GET /api/v1/instance/domain_blocks). */
  showDomainBlocks: DomainBlocksVisibility;
  /** Who may read why (the blocks' public comments). */
  showDomainBlocksRationale: DomainBlocksVisibility;
}

/** Mastodon's show_domain_blocks values: nobody, signed-in users, everyone. */
export const DOMAIN_BLOCKS_VISIBILITIES = ['disabled', 'users', 'all'] as const;
export type DomainBlocksVisibility = (typeof DOMAIN_BLOCKS_VISIBILITIES)[number];

/** The stored name of each setting: Mastodon's, so the rows read the same. */
export const SETTING_NAMES: Readonly<Record<keyof RuntimeSettings, string>> = {
  registrationsMode: 'registrations_mode',
  requireInviteText: 'require_invite_text',
  showDomainBlocks: 'show_domain_blocks',
  showDomainBlocksRationale: 'show_domain_blocks_rationale',
};

/** What a setting is until an operator sets it: the registration mode comes from REGISTRATIONS_MODE. */
export function defaultSettings(config: Pick<AppConfig, 'instance'>): RuntimeSettings {
  return {
    registrationsMode: config.instance.registrationsMode,
    requireInviteText: true,
    showDomainBlocks: 'disabled',
    showDomainBlocksRationale: 'disabled',
  };
}

function isDomainBlocksVisibility(value: unknown): value is DomainBlocksVisibility {
  return (
    typeof value === 'string' && (DOMAIN_BLOCKS_VISIBILITIES as readonly string[]).includes(value)
  );
}

const VALID: { [K in keyof RuntimeSettings]: (value: unknown) => value is RuntimeSettings[K] } = {
  registrationsMode: (value): value is RegistrationMode =>
    typeof value === 'string' && (REGISTRATION_MODES as readonly string[]).includes(value),
  requireInviteText: (value): value is boolean => typeof value === 'boolean',
  showDomainBlocks: isDomainBlocksVisibility,
  showDomainBlocksRationale: isDomainBlocksVisibility,
};

/** Whether `value` may be stored as setting `key`. */
export function isValidSetting<K extends keyof RuntimeSettings>(
  key: K,
  value: unknown,
): value is RuntimeSettings[K] {
  return VALID[key](value);
}

/** Stored values over defaults; a stored value that is no longer valid counts as unset. */
export function mergeSettings(
  defaults: RuntimeSettings,
  stored: ReadonlyMap<string, unknown>,
): RuntimeSettings {
  const settings = { ...defaults };
  for (const key of Object.keys(SETTING_NAMES) as Array<keyof RuntimeSettings>) {
    const value = stored.get(SETTING_NAMES[key]);
    if (isValidSetting(key, value)) (settings as Record<string, unknown>)[key] = value;
  }
  return settings;
}
