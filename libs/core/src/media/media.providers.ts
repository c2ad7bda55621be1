import { Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { CacheRemoteMediaService } from './cache-remote-media.service';
import { DeleteMediaService } from './delete-media.service';
import { Ffmpeg } from './ffmpeg';
import { ImagePipeline } from './image-pipeline';
import { MediaAttributesEditor } from './media-attributes-editor';
import { MediaConverter } from './media-converter';
import { MediaFiles } from './media-files';
import { MediaInspector } from './media-inspector';
import { MediaQueries } from './media-queries';
import { LocalMediaStorage, MediaStorage } from './media-storage';
import { MediaUsageQueries } from './media-usage-queries';
import { ProcessMediaService } from './process-media.service';
import { ProfileImageProcessor } from './profile-image-processor';
import { ReceivedMediaProcessor } from './received-media-processor';
import { RemoveCachedRemoteMediaService } from './remove-cached-remote-media.service';
import { RemoveOrphanedMediaService } from './remove-orphaned-media.service';
import { UpdateMediaService } from './update-media.service';
import { UploadMediaService } from './upload-media.service';

/** The media feature's providers, registered by CoreModule. */
export const MEDIA_PROVIDERS: Provider[] = [
  {
    // The storage adapter the configuration chooses: an S3-compatible bucket or MEDIA_ROOT.
    // The AWS SDK (a few MB of code) is loaded only by servers that store in a bucket.
    provide: MediaStorage,
    inject: [APP_CONFIG],
    useFactory: async (config: AppConfig) =>
      config.media.s3
        ? new (await import('./s3-media-storage')).S3MediaStorage(config)
        : new LocalMediaStorage(config),
  },
  Ffmpeg,
  ImagePipeline,
  MediaInspector,
  MediaConverter,
  MediaFiles,
  ReceivedMediaProcessor,
  MediaAttributesEditor,
  MediaQueries,
  MediaUsageQueries,
  ProfileImageProcessor,
  UploadMediaService,
  ProcessMediaService,
  CacheRemoteMediaService,
  UpdateMediaService,
  DeleteMediaService,
  RemoveOrphanedMediaService,
  RemoveCachedRemoteMediaService,
];
