import { StatusVisibility } from '@nestodon/domain';
import { createStatus, insertBlock, insertMute } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('GET /api/v1/statuses/:id/favourited_by and /reblogged_by', () => {
  let api: ApiHarness;
  let alice: Actor;
  let fans: Actor[];
  let status: { id: string };

  const list = (path: string, actor?: Actor) => {
    const req = api.http.get(path);
    return actor ? req.set('Authorization', actor.auth) : req;
  };
  const ids = (body: Array<{ id: string }>) => body.map((account) => account.id);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    fans = [];
    for (let i = 0; i < 5; i++) fans.push(await createActor(api.dataSource, {}));
    status = await postStatus(api.http, alice, { status: 'popular' });
    for (const fan of fans) {
      await api.http
        .post(`/api/v1/statuses/${status.id}/favourite`)
        .set('Authorization', fan.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${status.id}/reblog`)
        .set('Authorization', fan.auth)
        .expect(200);
    }
  });
  afterAll(() => api.close());

  for (const kind of ['favourited_by', 'reblogged_by']) {
    describe(kind, () => {
      it('lists accounts newest first with Link pagination', async () => {
        const all = await list(`/api/v1/statuses/${status.id}/${kind}`).expect(200);
        expect(ids(all.body)).toEqual(fans.map((fan) => fan.account.id).reverse());
        const page = await list(`/api/v1/statuses/${status.id}/${kind}?limit=2`).expect(200);
        expect(ids(page.body)).toEqual(ids(all.body).slice(0, 2));
        const next = /<([^>]+)>; rel="next"/.exec(page.headers.link)?.[1];
        expect(next).toContain('limit=2');
        expect(next).toContain('max_id=');
        const second = await list(new URL(next!).pathname + new URL(next!).search).expect(200);
        expect(ids(second.body)).toEqual(ids(all.body).slice(2, 4));
        const prev = /<([^>]+)>; rel="prev"/.exec(second.headers.link)?.[1];
        expect(prev).toContain('min_id=');
        const back = await list(new URL(prev!).pathname + new URL(prev!).search).expect(200);
        expect(ids(back.body)).toEqual(ids(all.body).slice(0, 2));
      });

      it('leaves out accounts the viewer blocks, mutes or is blocked by', async () => {
        const viewer = await createActor(api.dataSource, {});
        await insertBlock(api.dataSource, viewer.account, fans[0].account);
        await insertMute(api.dataSource, viewer.account, fans[1].account);
        await insertBlock(api.dataSource, fans[2].account, viewer.account);
        const res = await list(`/api/v1/statuses/${status.id}/${kind}`, viewer).expect(200);
        expect(ids(res.body)).toEqual([fans[4].account.id, fans[3].account.id]);
      });

      it('answers 404 for hidden statuses and checks a token when sent', async () => {
        const hidden = await createStatus(api.dataSource, alice.account, {
          visibility: StatusVisibility.Private,
        });
        await list(`/api/v1/statuses/${hidden.id}/${kind}`).expect(404);
        await list(`/api/v1/statuses/${hidden.id}/${kind}`, fans[0]).expect(404);
        await list(`/api/v1/statuses/999/${kind}`).expect(404);
        await list(`/api/v1/statuses/${hidden.id}/${kind}`, alice).expect(200);
        await api.http
          .get(`/api/v1/statuses/${status.id}/${kind}`)
          .set('Authorization', 'Bearer nope')
          .expect(401);
        const wrong = await tokenWithScopes(api.dataSource, alice, 'read:statuses');
        await api.http
          .get(`/api/v1/statuses/${status.id}/${kind}`)
          .set('Authorization', wrong)
          .expect(403);
        await api.http.get(`/api/v1/statuses/${status.id}/${kind}?max_id=abc`).expect(422);
      });
    });
  }

  it('reblogged_by leaves out reblogs the viewer may not see', async () => {
    const other = await postStatus(api.http, alice, { status: 'quiet' });
    const privateBooster = await createActor(api.dataSource, {});
    await api.http
      .post(`/api/v1/statuses/${other.id}/reblog`)
      .set('Authorization', privateBooster.auth)
      .send({ visibility: 'private' })
      .expect(200);
    expect((await list(`/api/v1/statuses/${other.id}/reblogged_by`).expect(200)).body).toEqual([]);
    const own = await list(`/api/v1/statuses/${other.id}/reblogged_by`, privateBooster).expect(200);
    expect(ids(own.body)).toEqual([privateBooster.account.id]);
  });
});
