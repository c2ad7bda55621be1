import { defineBenchmark } from '../benchmark';
import { seedTimelines, SeededUsers } from '../seed-timelines';

/**
 * GET /api/v1/timelines/home?limit=20 for 100 users in turn (each following 50 of them, 10,000
 * statuses, feeds built): one Redis read and a constant number of PostgreSQL queries a page.
 */
export default defineBenchmark<SeededUsers>({
  description: 'GET /api/v1/timelines/home?limit=20 (100 users following 50 each, 10,000 statuses)',
  setup: seedTimelines,
  requests: (_ctx, { auths }) =>
    auths.map((authorization) => ({
      method: 'GET',
      path: '/api/v1/timelines/home?limit=20',
      headers: { authorization },
    })),
});
