import { Poll } from '@nestodon/domain';
import { createStatus, createPoll, insertBlock } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../support/statuses';

describe('/api/v1/polls', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const vote = (actor: Actor, pollId: string, choices: unknown) =>
    api.http
      .post(`/api/v1/polls/${pollId}/votes`)
      .set('Authorization', actor.auth)
      .send({ choices });
  const newPoll = async (poll: Record<string, unknown>, visibility = 'public') =>
    (await postStatus(api.http, alice, { status: 'poll', visibility, poll })).poll as {
      id: string;
    };

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  describe('GET /api/v1/polls/:id', () => {
    it('shows the poll of a public status without a token (no voted/own_votes)', async () => {
      const poll = await newPoll({ options: ['a', 'b'], expires_in: 600 });
      const res = await api.http.get(`/api/v1/polls/${poll.id}`).expect(200);
      expect(res.body).toMatchObject({
        id: poll.id,
        expired: false,
        multiple: false,
        votes_count: 0,
        voters_count: 0,
        options: [
          { title: 'a', votes_count: 0 },
          { title: 'b', votes_count: 0 },
        ],
        emojis: [],
      });
      expect(res.body).not.toHaveProperty('voted');
      const authed = await api.http
        .get(`/api/v1/polls/${poll.id}`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(authed.body).toMatchObject({ voted: false, own_votes: [] });
    });

    it('needs a token (and visibility) when the status is not public', async () => {
      const poll = await newPoll({ options: ['a', 'b'], expires_in: 600 }, 'private');
      await api.http.get(`/api/v1/polls/${poll.id}`).expect(404);
      await api.http.get(`/api/v1/polls/${poll.id}`).set('Authorization', bob.auth).expect(404);
      await api.http.get(`/api/v1/polls/${poll.id}`).set('Authorization', alice.auth).expect(200);
      await api.http.get('/api/v1/polls/9999').expect(404);
      await api.http.get('/api/v1/polls/x').expect(404);
      await api.http.get(`/api/v1/polls/${poll.id}`).set('Authorization', 'Bearer no').expect(401);
      const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
      await api.http.get(`/api/v1/polls/${poll.id}`).set('Authorization', writeOnly).expect(403);
    });
  });

  describe('POST /api/v1/polls/:id/votes', () => {
    it('votes by option index, once, with exact tallies', async () => {
      const poll = await newPoll({ options: ['a', 'b', 'c'], expires_in: 600 });
      const res = await vote(bob, poll.id, [1]).expect(200);
      expect(res.body).toMatchObject({
        votes_count: 1,
        voters_count: 1,
        voted: true,
        own_votes: [1],
        options: [{ votes_count: 0 }, { votes_count: 1 }, { votes_count: 0 }],
      });
      const again = await vote(bob, poll.id, [0]).expect(422);
      expect(again.body.error).toBe('Validation failed: You have already voted on this poll');
      // Form-encoded choices[].
      const carol = await createActor(api.dataSource, {});
      await api.http
        .post(`/api/v1/polls/${poll.id}/votes`)
        .set('Authorization', carol.auth)
        .type('form')
        .send('choices[]=2')
        .expect(200);
      const shown = await api.http.get(`/api/v1/polls/${poll.id}`).expect(200);
      expect(shown.body.options.map((o: { votes_count: number }) => o.votes_count)).toEqual([
        0, 1, 1,
      ]);
    });

    it('takes several choices in a multiple-choice poll, one otherwise', async () => {
      const multi = await newPoll({ options: ['a', 'b', 'c'], expires_in: 600, multiple: true });
      const res = await vote(bob, multi.id, [0, 2]).expect(200);
      expect(res.body).toMatchObject({ votes_count: 2, voters_count: 1, own_votes: [0, 2] });
      const single = await newPoll({ options: ['a', 'b'], expires_in: 600 });
      await vote(bob, single.id, [0, 1]).expect(422);
    });

    it('hides totals while a hide_totals poll runs', async () => {
      const poll = await newPoll({ options: ['a', 'b'], expires_in: 600, hide_totals: true });
      const res = await vote(bob, poll.id, [0]).expect(200);
      expect(res.body.options).toEqual([
        { title: 'a', votes_count: null },
        { title: 'b', votes_count: null },
      ]);
      expect(res.body.votes_count).toBe(1);
    });

    it('keeps tallies exact under concurrent votes', async () => {
      const poll = await newPoll({ options: ['a', 'b'], expires_in: 600 });
      const voters = await Promise.all(
        Array.from({ length: 10 }, () => createActor(api.dataSource, {})),
      );
      await Promise.all(voters.map((voter, i) => vote(voter, poll.id, [i % 2]).expect(200)));
      const repeated = await Promise.all(voters.slice(0, 3).map((v) => vote(v, poll.id, [0])));
      expect(repeated.every((res) => res.status === 422)).toBe(true);
      const row = await api.dataSource.getRepository(Poll).findOneBy({ id: poll.id });
      expect(row).toMatchObject({ votesCount: 10, votersCount: 10, cachedTallies: [5, 5] });
    });

    it('refuses own polls, expired polls, bad and out-of-range choices with 422', async () => {
      const poll = await newPoll({ options: ['a', 'b'], expires_in: 600 });
      expect((await vote(alice, poll.id, [0]).expect(422)).body.error).toBe(
        'Validation failed: You cannot vote in your own polls',
      );
      for (const choices of [[2], [-1], ['x'], [], undefined]) {
        await vote(bob, poll.id, choices).expect(422);
      }
      const status = await createStatus(api.dataSource, alice.account);
      const expired = await createPoll(api.dataSource, status, {
        expiresAt: new Date(Date.now() - 1000),
      });
      expect((await vote(bob, expired.id, [0]).expect(422)).body.error).toBe(
        'Validation failed: The poll has already ended',
      );
      const shown = await api.http.get(`/api/v1/polls/${expired.id}`).expect(200);
      expect(shown.body.expired).toBe(true);
    });

    it('answers 404 for polls of statuses the voter cannot see', async () => {
      const poll = await newPoll({ options: ['a', 'b'], expires_in: 600 }, 'direct');
      await vote(bob, poll.id, [0]).expect(404);
      const open = await newPoll({ options: ['a', 'b'], expires_in: 600 });
      const blocked = await createActor(api.dataSource, {});
      await insertBlock(api.dataSource, alice.account, blocked.account);
      await vote(blocked, open.id, [0]).expect(404);
      await vote(bob, '123456', [0]).expect(404);
    });

    it('needs a user token with write:statuses', async () => {
      const poll = await newPoll({ options: ['a', 'b'], expires_in: 600 });
      await api.http
        .post(`/api/v1/polls/${poll.id}/votes`)
        .send({ choices: [0] })
        .expect(401);
      const readOnly = await tokenWithScopes(api.dataSource, bob, 'read write:favourites');
      await api.http
        .post(`/api/v1/polls/${poll.id}/votes`)
        .set('Authorization', readOnly)
        .send({ choices: [0] })
        .expect(403);
    });
  });
});
