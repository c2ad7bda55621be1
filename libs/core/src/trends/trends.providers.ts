import { Provider } from '@nestjs/common';
import { RefreshTrendsService } from './refresh-trends.service';
import { TrendStore } from './trend-store';
import { TrendsQueries } from './trends-queries';

/** The trends feature's providers, registered by CoreModule. */
export const TRENDS_PROVIDERS: Provider[] = [TrendStore, RefreshTrendsService, TrendsQueries];
