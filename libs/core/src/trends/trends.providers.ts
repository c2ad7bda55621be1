import { Provider } from '@nestjs/common';
import { ModerateTagService } from './moderate-tag.service';
import { RefreshTrendsService } from './refresh-trends.service';
import { ReviewTrendService } from './review-trend.service';
import { TrendReviewQueries } from './trend-review-queries';
import { TrendStore } from './trend-store';
import { TrendsQueries } from './trends-queries';

/** The trends feature's providers, registered by CoreModule. */
export const TRENDS_PROVIDERS: Provider[] = [
  TrendStore,
  RefreshTrendsService,
  TrendsQueries,
  TrendReviewQueries,
  ReviewTrendService,
  ModerateTagService,
];
