import { defineBenchmark } from '../benchmark';
import { seedTimelines, SeededUsers } from '../seed-timelines';

/**
 * GET /api/v1/timelines/public?limit=20 for 100 signed-in users in turn (same data as
 * home-timeline): PostgreSQL over the public-timeline partial index, with each viewer's
 * blocks, mutes and filters.
 */
export default defineBenchmark<SeededUsers>({
  description: 'GET /api/v1/timelines/public?limit=20 (signed in, 10,000 statuses)',
  setup: seedTimelines,
  requests: (_ctx, { auths }) =>
    auths.map((authorization) => ({
      method: 'GET',
      path: '/api/v1/timelines/public?limit=20',
      headers: { authorization },
    })),
});
