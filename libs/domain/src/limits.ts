/** Server limits, Mastodon's defaults; published in instance configuration and enforced by validators. */
export const Limits = {
  accounts: {
    maxDisplayNameLength: 30,
    maxNoteLength: 500,
    maxAvatarDescriptionLength: 150,
    maxHeaderDescriptionLength: 150,
    maxFeaturedTags: 10,
    maxPinnedStatuses: 5,
    maxProfileFields: 4,
    profileFieldNameLimit: 255,
    profileFieldValueLimit: 255,
  },
  statuses: { maxMediaAttachments: 4, charactersReservedPerUrl: 23 },
  mediaAttachments: {
    supportedMimeTypes: [
      'image/jpeg', 'image/png', 'image/gif', 'image/heic', 'image/heif', 'image/webp', 'image/avif',
      'video/webm', 'video/mp4', 'video/quicktime', 'video/ogg',
      'audio/wave', 'audio/wav', 'audio/x-wav', 'audio/x-pn-wave', 'audio/vnd.wave', 'audio/ogg',
      'audio/vorbis', 'audio/mpeg', 'audio/mp3', 'audio/webm', 'audio/flac', 'audio/aac',
      'audio/m4a', 'audio/x-m4a', 'audio/mp4', 'audio/3gpp', 'video/x-ms-asf',
    ],
    descriptionLimit: 1500,
    imageSizeLimit: 16 * 1024 * 1024,
    imageMatrixLimit: 7680 * 4320,
    videoSizeLimit: 99 * 1024 * 1024,
    videoFrameRateLimit: 120,
    videoMatrixLimit: 3840 * 2160,
  },
  polls: { maxOptions: 4, maxCharactersPerOption: 50, minExpiration: 300, maxExpiration: 2629746 },
} as const;
