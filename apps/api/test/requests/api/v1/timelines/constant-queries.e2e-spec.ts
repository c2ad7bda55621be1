import { FeedManager } from '@nestodon/core';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { countQueries } from '../../../../support/relationships';
import { actor, TimelineActor } from '../../../../support/timelines';

/**
 * A page of a timeline costs the same number of queries whatever its length (pages here hold
 * every kind of status, as some loads only run when a page has polls, reblogs or media).
 */
describe('timeline pages run a constant number of queries', () => {
  let api: ApiHarness;
  let alice: TimelineActor;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await actor(api.dataSource);
    await api.app.get(FeedManager).markReady(alice.account.id);
    const authors = await Promise.all([1, 2, 3, 4].map(() => actor(api.dataSource)));
    for (const author of authors) {
      await api.http
        .post(`/api/v1/accounts/${author.account.id}/follow`)
        .set('Authorization', alice.auth)
        .expect(200);
    }
    await api.http
      .post('/api/v2/filters')
      .set('Authorization', alice.auth)
      .send({
        title: 'w',
        context: ['home', 'public', 'notifications'],
        keywords_attributes: [{ keyword: 'zzz' }],
      })
      .expect(200);
    // Varied statuses: plain, mentions, tags, polls, replies, reblogs, favourites.
    for (let round = 0; round < 6; round++) {
      for (const [index, author] of authors.entries()) {
        const body: Record<string, unknown> = {
          status: `post ${round} #tag${index} @${alice.account.username} :blobcat:`,
        };
        if (index === 1) body.poll = { options: ['a', 'b'], expires_in: 3600 };
        const status = (
          await api.http
            .post('/api/v1/statuses')
            .set('Authorization', author.auth)
            .send(body)
            .expect(200)
        ).body;
        if (index === 2) {
          await api.http
            .post(`/api/v1/statuses/${status.id}/reblog`)
            .set('Authorization', authors[3].auth)
            .expect(200);
          await api.http
            .post(`/api/v1/statuses/${status.id}/favourite`)
            .set('Authorization', alice.auth)
            .expect(200);
        }
        if (index === 3) {
          await api.http
            .post('/api/v1/statuses')
            .set('Authorization', authors[0].auth)
            .send({ status: 'a reply', in_reply_to_id: status.id })
            .expect(200);
        }
      }
    }
  });
  afterAll(() => api.close());

  /**
   * The queries of a request in the steady state: a request before it fills what a process or
   * Redis keeps for a while (the viewer's filters, tag ids), which may have expired meanwhile.
   */
  async function cost(path: string, expectedLength: number): Promise<number> {
    await api.http.get(path).set('Authorization', alice.auth).expect(200);
    return countQueries(api.dataSource, async () => {
      const res = await api.http.get(path).set('Authorization', alice.auth).expect(200);
      const length = Array.isArray(res.body)
        ? res.body.length
        : res.body.notification_groups.length;
      expect(length).toBe(expectedLength);
    });
  }

  it('home', async () => {
    expect(await cost('/api/v1/timelines/home?limit=8', 8)).toBe(
      await cost('/api/v1/timelines/home?limit=20', 20),
    );
  });

  it('public and hashtag', async () => {
    expect(await cost('/api/v1/timelines/public?limit=8', 8)).toBe(
      await cost('/api/v1/timelines/public?limit=20', 20),
    );
    expect(await cost('/api/v1/timelines/tag/tag1?limit=2', 2)).toBe(
      await cost('/api/v1/timelines/tag/tag1?limit=6', 6),
    );
  });

  it('notifications, v1 and grouped v2', async () => {
    expect(await cost('/api/v1/notifications?limit=5', 5)).toBe(
      await cost('/api/v1/notifications?limit=24', 24),
    );
    expect(await cost('/api/v2/notifications?limit=5', 5)).toBe(
      await cost('/api/v2/notifications?limit=20', 20),
    );
  });

  it('a thread context, short or long', async () => {
    /** A root post with `length` replies, each to the one before; the id of the middle one. */
    async function thread(length: number): Promise<string> {
      let parent: string | undefined;
      const ids: string[] = [];
      for (let i = 0; i <= length; i++) {
        const res = await api.http
          .post('/api/v1/statuses')
          .set('Authorization', alice.auth)
          .send({ status: `thread ${i} #tag1`, in_reply_to_id: parent })
          .expect(200);
        ids.push((parent = res.body.id as string));
      }
      return ids[Math.floor(length / 2)];
    }
    const contextCost = async (id: string, around: number) => {
      const path = `/api/v1/statuses/${id}/context`;
      await api.http.get(path).set('Authorization', alice.auth).expect(200);
      return countQueries(api.dataSource, async () => {
        const res = await api.http.get(path).set('Authorization', alice.auth).expect(200);
        expect(res.body.ancestors.length + res.body.descendants.length).toBe(around);
      });
    };
    expect(await contextCost(await thread(2), 2)).toBe(await contextCost(await thread(12), 12));
  });
});
