import { Provider } from '@nestjs/common';
import { CacheRemoteEmojiService } from './cache-remote-emoji.service';
import { CustomEmojiImages } from './custom-emoji-images';
import { CustomEmojiQueries } from './custom-emoji-queries';
import { ExportCustomEmojisService } from './export-custom-emojis.service';
import { ImportCustomEmojisService } from './import-custom-emojis.service';
import { PurgeCustomEmojisService } from './purge-custom-emojis.service';
import { StoreRemoteEmojisService } from './store-remote-emojis.service';

/** The custom emoji feature's providers, registered by CoreModule. */
export const CUSTOM_EMOJIS_PROVIDERS: Provider[] = [
  CustomEmojiImages,
  CustomEmojiQueries,
  ImportCustomEmojisService,
  ExportCustomEmojisService,
  PurgeCustomEmojisService,
  StoreRemoteEmojisService,
  CacheRemoteEmojiService,
];
