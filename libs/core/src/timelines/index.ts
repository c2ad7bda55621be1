export * from './fetch-home-timeline.service';
export * from './fetch-link-timeline.service';
export * from './fetch-list-timeline.service';
export * from './fetch-public-timeline.service';
export * from './fetch-tag-timeline.service';
export * from './timeline-page-loader';
export * from './timelines.providers';
