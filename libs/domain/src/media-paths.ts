import type { Account } from './entities/account.entity';
import type { MediaAttachment } from './entities/media-attachment.entity';

export type ProfileImage = 'avatar' | 'header';
export type ProfileImageStyle = 'original' | 'static';

/** Splits an id into three-digit folders (000/001/234/…) so no directory grows huge. */
export function idPartition(id: string): string {
  const padded = id.padStart(Math.max(9, Math.ceil(id.length / 3) * 3), '0');
  return padded.match(/\d{3}/g)!.join('/');
}

/** Whether a stored profile image has a separate still frame (animated GIFs). */
export const hasStaticVariant = (contentType: string | null | undefined) =>
  contentType === 'image/gif';

/**
 * Storage key of a local copy of a profile image, e.g.
 * `accounts/avatars/000/000/001/original/3f2a.png`; the static style of a GIF is a PNG.
 */
export function profileImageKey(
  accountId: string,
  image: ProfileImage,
  fileName: string,
  style: ProfileImageStyle = 'original',
): string {
  const name = style === 'static' ? fileName.replace(/\.[^.]+$/, '') + '.png' : fileName;
  return `accounts/${image}s/${idPartition(accountId)}/${style}/${name}`;
}

/** Every storage key an account's image occupies (to delete them all). */
export function profileImageKeys(
  account: Pick<Account, 'id'> & Partial<Account>,
  image: ProfileImage,
): string[] {
  const fileName = image === 'avatar' ? account.avatarFileName : account.headerFileName;
  if (!fileName) return [];
  const contentType = image === 'avatar' ? account.avatarContentType : account.headerContentType;
  const keys = [profileImageKey(account.id, image, fileName)];
  if (hasStaticVariant(contentType))
    keys.push(profileImageKey(account.id, image, fileName, 'static'));
  return keys;
}

export type MediaAttachmentStyle = 'original' | 'small';

type StoredMedia = Pick<MediaAttachment, 'id' | 'remoteUrl' | 'fileFileName' | 'fileContentType'>;

/** The format of an attachment's small preview: stills keep theirs, others get a JPEG frame. */
export function previewExtension(contentType: string | null): 'jpg' | 'png' | 'webp' {
  if (contentType === 'image/png' || contentType === 'image/gif') return 'png';
  if (contentType === 'image/webp') return 'webp';
  return 'jpg';
}

/** Local uploads under `media_attachments/`, copies of remote files under `cache/` (as Mastodon). */
const attachmentRoot = (media: Pick<MediaAttachment, 'remoteUrl'>) =>
  media.remoteUrl ? 'cache/media_attachments' : 'media_attachments';

/**
 * Storage key of an attachment's processed file in a style, e.g.
 * `media_attachments/files/000/000/001/original/3f2a….mp4`; the small preview has the same base
 * name with its own extension. Null when no file is stored.
 */
export function mediaAttachmentKey(media: StoredMedia, style: MediaAttachmentStyle): string | null {
  if (!media.fileFileName) return null;
  const name =
    style === 'small'
      ? `${media.fileFileName.replace(/\.[^.]+$/, '')}.${previewExtension(media.fileContentType)}`
      : media.fileFileName;
  return `${attachmentRoot(media)}/files/${idPartition(media.id)}/${style}/${name}`;
}

/** Storage key of an attachment's custom preview image, or null without one. */
export function mediaThumbnailKey(
  media: Pick<MediaAttachment, 'id' | 'remoteUrl' | 'thumbnailFileName'>,
): string | null {
  if (!media.thumbnailFileName) return null;
  return `${attachmentRoot(media)}/thumbnails/${idPartition(media.id)}/original/${media.thumbnailFileName}`;
}

/** Storage key (private) of an upload the worker has yet to process. */
export function pendingUploadKey(media: Pick<MediaAttachment, 'id' | 'fileFileName'>): string {
  return `media_attachments/pending/${idPartition(media.id)}/${media.fileFileName}`;
}

/**
 * Every storage key an attachment occupies, public and private, to delete them all: its files
 * when processed, the upload as received while it waits for the worker, the custom preview.
 */
export function mediaAttachmentKeys(
  media: Pick<
    MediaAttachment,
    'id' | 'remoteUrl' | 'processing' | 'fileFileName' | 'fileContentType' | 'thumbnailFileName'
  > &
    Partial<Pick<MediaAttachment, 'meta'>>,
): { public: string[]; private: string[] } {
  const keys = { public: [] as string[], private: [] as string[] };
  if (media.fileFileName && (media.processing === 'complete' || media.remoteUrl)) {
    keys.public.push(mediaAttachmentKey(media, 'original')!, mediaAttachmentKey(media, 'small')!);
  } else if (media.fileFileName) {
    keys.private.push(pendingUploadKey(media));
  }
  const thumbnail = mediaThumbnailKey(media);
  if (thumbnail) keys.public.push(thumbnail);
  return keys;
}

export type CustomEmojiStyle = 'original' | 'static';

/**
 * Storage key of a local custom emoji image, e.g. `custom_emojis/images/000/000/001/original/
 * 3f2a.gif`; the static style is always a PNG (the first frame of an animated image).
 */
export function customEmojiKey(
  emoji: { id: string; imageFileName: string },
  style: CustomEmojiStyle,
): string {
  const name =
    style === 'static' ? emoji.imageFileName.replace(/\.[^.]+$/, '') + '.png' : emoji.imageFileName;
  return `custom_emojis/images/${idPartition(emoji.id)}/${style}/${name}`;
}

/** Storage key of a preview card's re-hosted image, e.g. `preview_cards/images/000/000/007/original/3f2a.jpg`. */
export function previewCardImageKey(card: { id: string; imageFileName: string }): string {
  return `preview_cards/images/${idPartition(card.id)}/original/${card.imageFileName}`;
}
