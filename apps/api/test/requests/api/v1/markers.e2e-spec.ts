import { Client } from 'pg';
import { itRequiresScopes } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { actor, TimelineActor } from '../../../support/timelines';

describe('/api/v1/markers', () => {
  let api: ApiHarness;
  let alice: TimelineActor;

  beforeAll(async () => {
    api = await startApi();
    alice = await actor(api.dataSource);
  });
  afterAll(() => api.close());

  it('saves positions, bumps the version when they move, and reads them back', async () => {
    const empty = await api.http
      .get('/api/v1/markers?timeline[]=home&timeline[]=notifications')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(empty.body).toEqual({});

    const first = await api.http
      .post('/api/v1/markers')
      .set('Authorization', alice.auth)
      .send({ home: { last_read_id: '103194548672408537' } })
      .expect(200);
    expect(first.body).toEqual({
      home: {
        last_read_id: '103194548672408537',
        version: 1,
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });

    const second = await api.http
      .post('/api/v1/markers')
      .set('Authorization', alice.auth)
      .type('form')
      .send('home[last_read_id]=103194548672408600&notifications[last_read_id]=35098814')
      .expect(200);
    expect(second.body.home).toMatchObject({ last_read_id: '103194548672408600', version: 2 });
    expect(second.body.notifications).toMatchObject({ last_read_id: '35098814', version: 1 });

    const same = await api.http
      .post('/api/v1/markers')
      .set('Authorization', alice.auth)
      .send({ home: { last_read_id: '103194548672408600' } })
      .expect(200);
    expect(same.body.home.version).toBe(2);

    const both = await api.http
      .get('/api/v1/markers')
      .query('timeline[]=home&timeline[]=notifications')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(Object.keys(both.body).sort()).toEqual(['home', 'notifications']);
    const one = await api.http
      .get('/api/v1/markers?timeline=notifications')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(Object.keys(one.body)).toEqual(['notifications']);
  });

  it('ignores unknown timelines and keeps users apart', async () => {
    const bob = await actor(api.dataSource);
    const res = await api.http
      .post('/api/v1/markers')
      .set('Authorization', bob.auth)
      .send({ public: { last_read_id: '5' }, home: { last_read_id: '7' } })
      .expect(200);
    expect(Object.keys(res.body)).toEqual(['home']);
    const aliceView = await api.http
      .get('/api/v1/markers?timeline[]=home')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(aliceView.body.home.last_read_id).not.toBe('7');
  });

  it('answers 422 for a malformed id', async () => {
    await api.http
      .post('/api/v1/markers')
      .set('Authorization', alice.auth)
      .send({ home: { last_read_id: 'abc' } })
      .expect(422);
    await api.http
      .post('/api/v1/markers')
      .set('Authorization', alice.auth)
      .send({ home: 'xyz' })
      .expect(422);
  });

  it('answers 409 when another save moves the marker between read and write', async () => {
    const carol = await actor(api.dataSource);
    await api.http
      .post('/api/v1/markers')
      .set('Authorization', carol.auth)
      .send({ home: { last_read_id: '10' } })
      .expect(200);
    // Another session holds the row, saves meanwhile, and commits once our save waits on it.
    const other = new Client({ connectionString: api.config.database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SELECT * FROM markers WHERE user_id = $1 FOR UPDATE`, [carol.user.id]);
      const pending = api.http
        .post('/api/v1/markers')
        .set('Authorization', carol.auth)
        .send({ home: { last_read_id: '20' } })
        .then((res) => res);
      for (let i = 0; i < 100; i++) {
        const waiting = await api.dataSource.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE markers%'`,
        );
        if (waiting.length) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await other.query(
        `UPDATE markers SET last_read_id = 15, lock_version = lock_version + 1 WHERE user_id = $1`,
        [carol.user.id],
      );
      await other.query('COMMIT');
      const res = await pending;
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'Conflict during update, please try again' });
    } finally {
      await other.end();
    }
  });

  itRequiresScopes(() => api, 'write', ['GET /api/v1/markers?timeline[]=home']);
  itRequiresScopes(() => api, 'read', ['POST /api/v1/markers']);
});
