export * from './cache-remote-emoji.service';
export * from './custom-emoji-images';
export * from './custom-emoji-queries';
export * from './custom-emojis.providers';
export * from './export-custom-emojis.service';
export * from './import-custom-emojis.service';
export * from './purge-custom-emojis.service';
export * from './store-remote-emojis.service';
