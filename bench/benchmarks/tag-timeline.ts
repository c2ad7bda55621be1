import { defineBenchmark } from '../benchmark';
import { seedTimelines, SeededUsers } from '../seed-timelines';

/**
 * GET /api/v1/timelines/tag/bench?limit=20 signed in as the 100 users in turn, on the timeline
 * seed (every original status is tagged #bench): the tag's statuses from PostgreSQL, each
 * viewer's blocks, mutes and filters.
 */
export default defineBenchmark<SeededUsers>({
  description: 'GET /api/v1/timelines/tag/bench?limit=20 (10,000 statuses, 100 users in turn)',
  setup: seedTimelines,
  requests: (_ctx, { auths }) =>
    auths.map((authorization) => ({
      method: 'GET',
      path: '/api/v1/timelines/tag/bench?limit=20',
      headers: { authorization },
    })),
});
