import type { Account } from './entities/account.entity';

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
