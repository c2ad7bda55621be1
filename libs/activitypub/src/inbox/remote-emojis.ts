import { Emoji, Link, Object as APObject } from '@fedify/vocab';
import type { RemoteEmojiFields } from '@nestodon/domain';
import type { DocumentLoaders } from './remote-actors';

/**
 * A custom emoji a remote object tags (`{"type": "Emoji", "name": ":blobcat:", "icon": …}`),
 * as Mastodon reads it: the name without colons, the icon's URL, its id and `updated`.
 */
export async function emojiOf(
  loaders: DocumentLoaders,
  tag: Emoji,
): Promise<RemoteEmojiFields | null> {
  const shortcode = tag.name?.toString().replace(/:/g, '');
  const icon = await tag.getIcon({ ...loaders, suppressError: true }).catch(() => null);
  const url = icon instanceof APObject ? icon.url : null;
  const href = url instanceof Link ? url.href : url;
  if (!shortcode || !href) return null;
  return {
    shortcode,
    imageRemoteUrl: href.href,
    uri: tag.id?.href ?? null,
    updatedAt: tag.updated ? new Date(tag.updated.epochMilliseconds) : null,
  };
}
