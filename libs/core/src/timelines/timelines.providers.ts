import { Provider } from '@nestjs/common';
import { FetchHomeTimelineService } from './fetch-home-timeline.service';
import { FetchLinkTimelineService } from './fetch-link-timeline.service';
import { FetchListTimelineService } from './fetch-list-timeline.service';
import { FetchPublicTimelineService } from './fetch-public-timeline.service';
import { FetchTagTimelineService } from './fetch-tag-timeline.service';
import { TimelinePageLoader } from './timeline-page-loader';

/** The timelines feature's providers, registered by CoreModule. */
export const TIMELINES_PROVIDERS: Provider[] = [
  FetchHomeTimelineService,
  FetchLinkTimelineService,
  FetchListTimelineService,
  FetchPublicTimelineService,
  FetchTagTimelineService,
  TimelinePageLoader,
];
