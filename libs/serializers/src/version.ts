import { NESTODON_VERSION } from '@nestodon/config';

/** Nestodon's own version and the Mastodon API level it implements, as clients detect features. */
export { NESTODON_VERSION };
export const MASTODON_COMPAT_VERSION = '4.5.0';
export const MASTODON_API_VERSION = 6;
export const SOURCE_URL = 'https://github.com/nestodon/nestodon';
export const versionString = () =>
  `${MASTODON_COMPAT_VERSION} (compatible; Nestodon ${NESTODON_VERSION})`;
