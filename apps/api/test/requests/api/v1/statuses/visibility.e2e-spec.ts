import { Status, StatusVisibility } from '@nestodon/domain';
import {
  createPoll,
  createReblog,
  createStatus,
  insertBlock,
  insertFollow,
} from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor } from '../../../../support/statuses';

/**
 * The visibility matrix (viewer × visibility × relationship) through every read path: what the
 * policy decides (libs/policies/src/status.policy.spec.ts) is what each endpoint shows.
 */
type Viewer =
  | 'anonymous'
  | 'author'
  | 'follower'
  | 'mentioned'
  | 'stranger'
  | 'blocked by author'
  | 'blocking author';

const VISIBILITIES = ['public', 'unlisted', 'private', 'direct'] as const;
type Visibility = (typeof VISIBILITIES)[number];

// Expected: [public, unlisted, private, direct]
const EXPECTED: Record<Viewer, [boolean, boolean, boolean, boolean]> = {
  anonymous: [true, true, false, false],
  author: [true, true, true, true],
  follower: [true, true, true, false],
  mentioned: [true, true, true, true],
  stranger: [true, true, false, false],
  'blocked by author': [false, false, false, false],
  'blocking author': [false, false, false, false],
};

const VALUE: Record<Visibility, StatusVisibility> = {
  public: StatusVisibility.Public,
  unlisted: StatusVisibility.Unlisted,
  private: StatusVisibility.Private,
  direct: StatusVisibility.Direct,
};

describe('status visibility through every read path', () => {
  let api: ApiHarness;
  const actors = {} as Record<Exclude<Viewer, 'anonymous'>, Actor>;
  let booster: Actor;
  let root: Status;
  const statuses = {} as Record<Visibility, Status>;
  const replies = {} as Record<Visibility, Status>;
  const reblogs = {} as Record<Visibility, Status>;
  const polls = {} as Record<Visibility, string>;

  const get = (viewer: Viewer, path: string) => {
    const req = api.http.get(path);
    return viewer === 'anonymous' ? req : req.set('Authorization', actors[viewer].auth);
  };
  const visible = (viewer: Viewer, visibility: Visibility) =>
    EXPECTED[viewer][VISIBILITIES.indexOf(visibility)];
  const shownIds = (viewer: Viewer) =>
    VISIBILITIES.filter((visibility) => visible(viewer, visibility));

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    for (const viewer of [
      'author',
      'follower',
      'mentioned',
      'stranger',
      'blocked by author',
      'blocking author',
    ] as const) {
      actors[viewer] = await createActor(api.dataSource, {});
    }
    booster = await createActor(api.dataSource, {});
    const author = actors.author.account;
    await insertFollow(api.dataSource, actors.follower.account, author);
    // A follower who is blocked: the block wins.
    await insertFollow(api.dataSource, actors['blocked by author'].account, author);
    await insertBlock(api.dataSource, author, actors['blocked by author'].account);
    await insertBlock(api.dataSource, actors['blocking author'].account, author);
    root = await createStatus(api.dataSource, booster.account, { text: 'root' });
    for (const visibility of VISIBILITIES) {
      // Mentions of the blocked accounts too: blocks still win.
      const mentions = [
        actors.mentioned.account,
        actors['blocked by author'].account,
        actors['blocking author'].account,
      ];
      statuses[visibility] = await createStatus(api.dataSource, author, {
        visibility: VALUE[visibility],
        mentions,
      });
      polls[visibility] = (await createPoll(api.dataSource, statuses[visibility])).id;
      replies[visibility] = await createStatus(api.dataSource, author, {
        visibility: VALUE[visibility],
        inReplyToId: root.id,
        inReplyToAccountId: booster.account.id,
        conversationId: root.conversationId,
        mentions,
      });
      reblogs[visibility] = await createReblog(
        api.dataSource,
        booster.account,
        statuses[visibility],
      );
    }
  });
  afterAll(() => api.close());

  describe.each(Object.keys(EXPECTED) as Viewer[])('%s', (viewer) => {
    const expectEach = async (
      request: (visibility: Visibility) => Promise<{ status: number }>,
      codes: [number, number] = [200, 404],
    ) => {
      for (const visibility of VISIBILITIES) {
        const res = await request(visibility);
        expect([visibility, res.status]).toEqual([
          visibility,
          visible(viewer, visibility) ? codes[0] : codes[1],
        ]);
      }
    };

    it('GET /api/v1/statuses/:id', () =>
      expectEach((v) => get(viewer, `/api/v1/statuses/${statuses[v].id}`)));

    it('GET /api/v1/statuses?id[]=', async () => {
      const query = VISIBILITIES.map((v) => `id[]=${statuses[v].id}`).join('&');
      const res = await get(viewer, `/api/v1/statuses?${query}`).expect(200);
      expect(res.body.map((s: { id: string }) => s.id)).toEqual(
        shownIds(viewer).map((v) => statuses[v].id),
      );
    });

    it('GET /api/v1/statuses/:id (a public reblog of each)', () =>
      expectEach((v) => get(viewer, `/api/v1/statuses/${reblogs[v].id}`)));

    it('GET /api/v1/statuses/:id/context (the status, and replies in a thread)', async () => {
      await expectEach((v) => get(viewer, `/api/v1/statuses/${statuses[v].id}/context`));
      const res = await get(viewer, `/api/v1/statuses/${root.id}/context`).expect(200);
      expect(res.body.descendants.map((s: { id: string }) => s.id)).toEqual(
        shownIds(viewer).map((v) => replies[v].id),
      );
    });

    it('GET /api/v1/accounts/:id/statuses', async () => {
      const res = await get(
        viewer,
        `/api/v1/accounts/${actors.author.account.id}/statuses?exclude_replies=true`,
      ).expect(200);
      expect(res.body.map((s: { id: string }) => s.id)).toEqual(
        shownIds(viewer)
          .map((v) => statuses[v].id)
          .reverse(),
      );
    });

    it('GET /api/v1/statuses/:id/favourited_by and /reblogged_by', async () => {
      await expectEach((v) => get(viewer, `/api/v1/statuses/${statuses[v].id}/favourited_by`));
      await expectEach((v) => get(viewer, `/api/v1/statuses/${statuses[v].id}/reblogged_by`));
    });

    it('GET /api/v1/statuses/:id/history', () =>
      expectEach((v) => get(viewer, `/api/v1/statuses/${statuses[v].id}/history`)));

    it('GET /api/v1/polls/:id', () => expectEach((v) => get(viewer, `/api/v1/polls/${polls[v]}`)));

    if (viewer !== 'anonymous') {
      it('GET /api/v1/statuses/:id/source', () =>
        expectEach((v) => get(viewer, `/api/v1/statuses/${statuses[v].id}/source`)));

      it('POST favourite, bookmark and mute answer 404 for what is hidden', async () => {
        for (const action of ['favourite', 'bookmark', 'mute']) {
          await expectEach((v) =>
            api.http
              .post(`/api/v1/statuses/${statuses[v].id}/${action}`)
              .set('Authorization', actors[viewer].auth),
          );
        }
      });

      it('GET /api/v1/favourites shows only what is visible', async () => {
        const res = await get(viewer, '/api/v1/favourites').expect(200);
        expect(res.body.map((s: { id: string }) => s.id).sort()).toEqual(
          shownIds(viewer)
            .map((v) => statuses[v].id)
            .sort(),
        );
      });
    }
  });
});
