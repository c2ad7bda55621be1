import { createAccessToken } from '@nestodon/testing';
import { defineBenchmark } from '../benchmark';
import { insertLocalAccounts } from '../seed-timelines';

const USERS = 100;

/**
 * GET /api/v1/accounts/verify_credentials for 100 users in turn: authentication and one
 * account with its source, nothing else (the cost of a signed-in request).
 */
export default defineBenchmark<{ auths: string[] }>({
  description: `GET /api/v1/accounts/verify_credentials (${USERS} users in turn)`,
  async setup({ dataSource }) {
    const users = await insertLocalAccounts(dataSource, 'user', USERS);
    const auths: string[] = [];
    for (const user of users) {
      auths.push(`Bearer ${await createAccessToken(dataSource, { user: { id: user.userId } })}`);
    }
    return { auths };
  },
  requests: (_ctx, { auths }) =>
    auths.map((authorization) => ({
      method: 'GET',
      path: '/api/v1/accounts/verify_credentials',
      headers: { authorization },
    })),
});
