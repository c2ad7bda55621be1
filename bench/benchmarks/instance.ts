import { Rule } from '@nestodon/domain';
import { defineBenchmark } from '../benchmark';

/**
 * GET /api/v1/instance without a token: what every client fetches at start. Counts and rules
 * are cached in the process for a minute, so this measures the HTTP stack (Express, Nest,
 * middleware, logging, serialisation) more than PostgreSQL.
 */
export default defineBenchmark({
  description: 'GET /api/v1/instance (anonymous, cached counts and rules)',
  async setup({ dataSource }) {
    await dataSource.getRepository(Rule).save([
      { text: 'Be kind to each other', priority: 0 },
      { text: 'No spam or advertising', hint: 'Including automated posts', priority: 1 },
      { text: 'Mark sensitive media', priority: 2 },
    ]);
  },
  requests: [{ method: 'GET', path: '/api/v1/instance' }],
});
