import { StatusVisibility } from '@nestodon/domain';
import { createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('POST /api/v1/statuses/:id/mute and /unmute', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const act = (actor: Actor, id: string, action: 'mute' | 'unmute') =>
    api.http.post(`/api/v1/statuses/${id}/${action}`).set('Authorization', actor.auth);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  it('mutes the whole thread for the account only', async () => {
    const root = await postStatus(api.http, alice, { status: 'thread' });
    const reply = await postStatus(api.http, bob, { status: 'reply', in_reply_to_id: root.id });
    const res = await act(bob, root.id, 'mute').expect(200);
    expect(res.body).toMatchObject({ id: root.id, muted: true });
    await act(bob, root.id, 'mute').expect(200);
    const replySeen = await api.http
      .get(`/api/v1/statuses/${reply.id}`)
      .set('Authorization', bob.auth)
      .expect(200);
    expect(replySeen.body.muted).toBe(true);
    const byAlice = await api.http
      .get(`/api/v1/statuses/${root.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(byAlice.body.muted).toBe(false);
    const undone = await act(bob, reply.id, 'unmute').expect(200);
    expect(undone.body.muted).toBe(false);
  });

  it('answers 404 for hidden and unknown statuses, and needs write:mutes', async () => {
    const hidden = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Private,
    });
    await act(bob, hidden.id, 'mute').expect(404);
    await act(bob, hidden.id, 'unmute').expect(404);
    await act(bob, '1', 'mute').expect(404);
    const status = await createStatus(api.dataSource, alice.account);
    await api.http.post(`/api/v1/statuses/${status.id}/mute`).expect(401);
    const wrong = await tokenWithScopes(api.dataSource, bob, 'read write:statuses');
    for (const action of ['mute', 'unmute']) {
      await api.http
        .post(`/api/v1/statuses/${status.id}/${action}`)
        .set('Authorization', wrong)
        .expect(403);
    }
    const granular = await tokenWithScopes(api.dataSource, bob, 'write:mutes');
    await api.http
      .post(`/api/v1/statuses/${status.id}/mute`)
      .set('Authorization', granular)
      .expect(200);
  });

  it('answers 422 for a status outside any conversation', async () => {
    const loose = await createStatus(api.dataSource, alice.account, { conversationId: null });
    await api.dataSource.query(`UPDATE statuses SET conversation_id = NULL WHERE id = $1`, [
      loose.id,
    ]);
    await act(bob, loose.id, 'mute').expect(422);
  });
});
