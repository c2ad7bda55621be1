import { AppConfig } from '@nestodon/config';
import { PreviewCard, PreviewCardType, previewCardImageKey } from '@nestodon/domain';

/** Mastodon's PreviewCard entity (the `card` of a status, trending links). */
export interface PreviewCardJson {
  url: string;
  title: string;
  description: string;
  language: string | null;
  type: PreviewCardType;
  author_name: string;
  author_url: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  image: string | null;
  image_description: string;
  embed_url: string;
  blurhash: string | null;
  published_at: string | null;
  authors: Array<{ name: string; url: string; account: null }>;
}

export function serializePreviewCard(
  card: PreviewCard,
  config: Pick<AppConfig, 'media'>,
): PreviewCardJson {
  const image = card.imageFileName
    ? `${config.media.baseUrl}/${previewCardImageKey({ id: card.id, imageFileName: card.imageFileName })}`
    : null;
  return {
    url: card.url,
    title: card.title,
    description: card.description,
    language: card.language,
    type: card.type,
    author_name: card.authorName,
    author_url: card.authorUrl,
    provider_name: card.providerName,
    provider_url: card.providerUrl,
    html: card.html,
    width: card.width,
    height: card.height,
    image,
    image_description: card.imageDescription,
    embed_url: card.embedUrl,
    blurhash: card.blurhash,
    published_at: card.publishedAt ? card.publishedAt.toISOString() : null,
    authors: card.authorName ? [{ name: card.authorName, url: card.authorUrl, account: null }] : [],
  };
}
