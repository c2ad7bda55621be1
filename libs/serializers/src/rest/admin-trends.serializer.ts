import { AppConfig } from '@nestodon/config';
import { PreviewCard, PreviewCardProvider, Tag } from '@nestodon/domain';
import { PreviewCardJson, serializePreviewCard } from './preview-card.serializer';
import { StatusJson } from './status.serializer';
import { TagHistoryDay, TagJson } from './tag.serializer';

/** Mastodon's Admin::Tag: the Tag entity with its moderation flags. */
export interface AdminTagJson extends TagJson {
  trendable: boolean;
  usable: boolean;
  requires_review: boolean;
  listable: boolean;
}

/** A trending link (Trends::Link): a preview card with seven days of history. */
export interface TrendingLinkJson extends PreviewCardJson {
  history: TagHistoryDay[];
}

/** Mastodon's Admin::Trends::Link. */
export interface AdminTrendingLinkJson extends TrendingLinkJson {
  id: string;
  requires_review: boolean;
}

/** Mastodon's Admin::Trends::Links::PreviewCardProvider (a publisher of links). */
export interface AdminPreviewCardProviderJson {
  id: string;
  domain: string;
  trendable: boolean | null;
  reviewed_at: string | null;
  requested_review_at: string | null;
  requires_review: boolean;
}

/** Mastodon's Admin::Trends::Status: the Status entity and whether it awaits review. */
export type AdminTrendingStatusJson = StatusJson & { requires_review: boolean };

/**
 * Adds a tag's flags to its Tag entity: not reviewed means trendable as `trendable_by_default`
 * says, and usable and listable.
 */
export function serializeAdminTag(
  json: TagJson,
  tag: Tag,
  trendableByDefault: boolean,
): AdminTagJson {
  return {
    ...json,
    id: String(tag.id),
    trendable: tag.trendable ?? trendableByDefault,
    usable: tag.usable ?? true,
    requires_review: tag.reviewedAt === null,
    listable: tag.listable ?? true,
  };
}

export function serializeTrendingLink(
  card: PreviewCard,
  history: TagHistoryDay[],
  config: Pick<AppConfig, 'media'>,
): TrendingLinkJson {
  return { ...serializePreviewCard(card, config), history };
}

export function serializeAdminPreviewCardProvider(
  provider: PreviewCardProvider,
): AdminPreviewCardProviderJson {
  return {
    id: String(provider.id),
    domain: provider.domain,
    trendable: provider.trendable,
    reviewed_at: provider.reviewedAt?.toISOString() ?? null,
    requested_review_at: provider.requestedReviewAt?.toISOString() ?? null,
    requires_review: provider.reviewedAt === null,
  };
}
