import { InstanceConfig, RegistrationMode } from '@nestodon/config';
import { InstanceCounts, Limits, Rule } from '@nestodon/domain';
import { MASTODON_API_VERSION, SOURCE_URL, versionString } from '../version';
import { serializeRule } from './rule.serializer';

export interface InstanceInput {
  config: InstanceConfig;
  counts: InstanceCounts;
  rules: Rule[];
  /** The contact account, already serialized (null when none is configured). */
  contactAccount: unknown;
  /** A translation backend is configured (v2 only; v1 has no such key). */
  translationEnabled?: boolean;
  registrations: InstanceRegistrations;
  /** The server's VAPID public key for Web Push; empty when push is off. */
  vapidPublicKey?: string;
  /** Terms of service are published (v2 links their page). */
  hasTermsOfService?: boolean;
  /** LIMITED_FEDERATION_MODE is on (v2's `configuration.limited_federation`). */
  limitedFederation?: boolean;
}

/** Who may sign up, from the runtime settings (they change without a restart). */
export interface InstanceRegistrations {
  mode: RegistrationMode;
  /** Sign-ups awaiting approval must give a reason. */
  reasonRequired: boolean;
}

const thumbnailUrl = (config: InstanceConfig) => `${config.baseUrl}/images/preview.png`;

function mediaConfiguration() {
  const media = Limits.mediaAttachments;
  return {
    supported_mime_types: [...media.supportedMimeTypes],
    description_limit: media.descriptionLimit,
    image_size_limit: media.imageSizeLimit,
    image_matrix_limit: media.imageMatrixLimit,
    video_size_limit: media.videoSizeLimit,
    video_frame_rate_limit: media.videoFrameRateLimit,
    video_matrix_limit: media.videoMatrixLimit,
  };
}

function pollConfiguration() {
  return {
    max_options: Limits.polls.maxOptions,
    max_characters_per_option: Limits.polls.maxCharactersPerOption,
    min_expiration: Limits.polls.minExpiration,
    max_expiration: Limits.polls.maxExpiration,
  };
}

function statusConfiguration(config: InstanceConfig) {
  return {
    max_characters: config.maxStatusChars,
    max_media_attachments: Limits.statuses.maxMediaAttachments,
    characters_reserved_per_url: Limits.statuses.charactersReservedPerUrl,
  };
}

/** GET /api/v2/instance */
export function serializeInstanceV2({
  config,
  counts,
  rules,
  contactAccount,
  translationEnabled = false,
  registrations,
  vapidPublicKey = '',
  hasTermsOfService = false,
  limitedFederation = false,
}: InstanceInput) {
  const accounts = Limits.accounts;
  return {
    domain: config.localDomain,
    title: config.title,
    version: versionString(),
    source_url: SOURCE_URL,
    description: config.description,
    usage: { users: { active_month: counts.activeMonth } },
    thumbnail: { url: thumbnailUrl(config), description: config.title },
    icon: [],
    languages: config.languages,
    configuration: {
      urls: {
        streaming: config.streamingBaseUrl,
        status: null,
        about: `${config.baseUrl}/about`,
        privacy_policy: `${config.baseUrl}/privacy-policy`,
        terms_of_service: hasTermsOfService ? `${config.baseUrl}/terms-of-service` : null,
      },
      vapid: { public_key: vapidPublicKey },
      accounts: {
        max_display_name_length: accounts.maxDisplayNameLength,
        max_note_length: accounts.maxNoteLength,
        max_avatar_description_length: accounts.maxAvatarDescriptionLength,
        max_header_description_length: accounts.maxHeaderDescriptionLength,
        max_featured_tags: accounts.maxFeaturedTags,
        max_pinned_statuses: accounts.maxPinnedStatuses,
        max_profile_fields: accounts.maxProfileFields,
        profile_field_name_limit: accounts.profileFieldNameLimit,
        profile_field_value_limit: accounts.profileFieldValueLimit,
      },
      statuses: statusConfiguration(config),
      media_attachments: mediaConfiguration(),
      polls: pollConfiguration(),
      translation: { enabled: translationEnabled },
      timelines_access: {
        live_feeds: {
          local: config.timelinePreview ? 'public' : 'authenticated',
          remote: config.timelinePreview ? 'public' : 'authenticated',
        },
        hashtag_feeds: {
          local: config.timelinePreview ? 'public' : 'authenticated',
          remote: config.timelinePreview ? 'public' : 'authenticated',
        },
        trending_link_feeds: { local: 'public', remote: 'public' },
      },
      limited_federation: limitedFederation,
    },
    registrations: {
      enabled: registrations.mode !== 'none',
      approval_required: registrations.mode === 'approved',
      reason_required: registrations.reasonRequired,
      message: null,
      min_age: null,
      url: null,
    },
    api_versions: { mastodon: MASTODON_API_VERSION },
    contact: { email: config.contactEmail, account: contactAccount },
    rules: rules.map(serializeRule),
  };
}

/** GET /api/v1/instance (deprecated by Mastodon, still read by many clients). */
export function serializeInstanceV1({
  config,
  counts,
  rules,
  contactAccount,
  registrations,
}: InstanceInput) {
  return {
    uri: config.localDomain,
    title: config.title,
    short_description: config.description,
    description: config.description,
    email: config.contactEmail,
    version: versionString(),
    urls: { streaming_api: config.streamingBaseUrl },
    stats: {
      user_count: counts.userCount,
      status_count: counts.statusCount,
      domain_count: counts.domainCount,
    },
    thumbnail: thumbnailUrl(config),
    languages: config.languages,
    registrations: registrations.mode !== 'none',
    approval_required: registrations.mode === 'approved',
    invites_enabled: true,
    configuration: {
      accounts: { max_featured_tags: Limits.accounts.maxFeaturedTags },
      statuses: statusConfiguration(config),
      media_attachments: mediaConfiguration(),
      polls: pollConfiguration(),
    },
    contact_account: contactAccount,
    rules: rules.map(serializeRule),
  };
}
