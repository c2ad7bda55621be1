import { Provider } from '@nestjs/common';
import { TAG_HISTORY_SOURCE } from '@nestodon/serializers';
import { FeatureTagService } from './feature-tag.service';
import { FindOrCreateTagsService } from './find-or-create-tags.service';
import { FollowTagService } from './follow-tag.service';
import { RemoveFeaturedTagService } from './remove-featured-tag.service';
import { SuggestFeaturedTagsService } from './suggest-featured-tags.service';
import { TagHistory } from './tag-history';
import { TagQueries } from './tag-queries';
import { UnfeatureTagService } from './unfeature-tag.service';
import { UnfollowTagService } from './unfollow-tag.service';

/** The tags feature's providers, registered by CoreModule. */
export const TAGS_PROVIDERS: Provider[] = [
  TagQueries,
  FindOrCreateTagsService,
  TagHistory,
  { provide: TAG_HISTORY_SOURCE, useExisting: TagHistory },
  FollowTagService,
  UnfollowTagService,
  FeatureTagService,
  UnfeatureTagService,
  RemoveFeaturedTagService,
  SuggestFeaturedTagsService,
];
