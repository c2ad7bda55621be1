import { createAccessToken } from '@nestodon/testing';
import { defineBenchmark } from '../benchmark';
import { insertLocalAccounts } from '../seed-timelines';

const REPLIES = 10;

interface Thread {
  rootId: string;
  auths: string[];
}

/**
 * GET /api/v1/statuses/:id/context of a thread's first post with 10 replies (each answering the
 * one before, by 10 accounts), posted through the api; signed in as the 11 authors in turn.
 */
export default defineBenchmark<Thread>({
  description: `GET /api/v1/statuses/:id/context of a post with ${REPLIES} replies`,
  async setup({ dataSource, url }) {
    const users = await insertLocalAccounts(dataSource, 'user', REPLIES + 1);
    const auths: string[] = [];
    for (const user of users) {
      auths.push(`Bearer ${await createAccessToken(dataSource, { user: { id: user.userId } })}`);
    }
    let rootId = '';
    let previous: string | undefined;
    for (const [index, authorization] of auths.entries()) {
      const response = await fetch(`${url}/api/v1/statuses`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          status: index === 0 ? 'A thread about #bench' : `Reply number ${index}`,
          in_reply_to_id: previous,
        }),
      });
      if (response.status !== 200) throw new Error(`posting answered ${response.status}`);
      previous = ((await response.json()) as { id: string }).id;
      if (index === 0) rootId = previous;
    }
    return { rootId, auths };
  },
  requests: (_ctx, { rootId, auths }) =>
    auths.map((authorization) => ({
      method: 'GET',
      path: `/api/v1/statuses/${rootId}/context`,
      headers: { authorization },
    })),
});
