import { OAuthApplication, UserRepository } from '@nestodon/domain';
import { createAccessToken, createAccountWithToken, listen, RunningApp } from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { createApiApp } from '../../src/bootstrap';
import { ApiHarness, startApi } from '../support/api-harness';
import { registerApp } from '../support/oauth';

/**
 * Each api process keeps the tokens it resolved for a few seconds (AuthCache), so repeated
 * requests need no token query. Two api instances on one database and Redis namespace (each
 * with its own cache and pub/sub connection, as two processes): a change made through one
 * reaches requests to the other within a second.
 */
describe('the token cache across api instances', () => {
  let a: ApiHarness;
  let b: RunningApp;

  beforeAll(async () => {
    a = await startApi();
    b = await listen(await createApiApp(a.config));
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** Polls `check` until it passes; fails if it still does not after `withinMs`. */
  async function within(withinMs: number, check: () => Promise<void>): Promise<number> {
    const started = Date.now();
    for (;;) {
      try {
        await check();
        return Date.now() - started;
      } catch (error) {
        if (Date.now() - started > withinMs) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  }

  const verify = (app: RunningApp, auth: string) =>
    app.http.get('/api/v1/accounts/verify_credentials').set('Authorization', auth);

  /** The token queries `run` makes on the instance's database. */
  async function tokenQueries(dataSource: DataSource, run: () => Promise<unknown>) {
    const logger = dataSource.logger;
    const original = logger.logQuery;
    const seen: string[] = [];
    logger.logQuery = function (query, ...rest) {
      if (query.includes('FROM oauth_access_tokens token')) seen.push(query);
      return original.call(this, query, ...rest);
    };
    try {
      await run();
    } finally {
      logger.logQuery = original;
    }
    return seen.length;
  }

  it('resolves a repeated token without querying it', async () => {
    const viewer = await createAccountWithToken(a.dataSource);
    const dataSource = b.app.get(DataSource);
    expect(await tokenQueries(dataSource, () => verify(b, viewer.auth).expect(200))).toBe(1);
    expect(await tokenQueries(dataSource, () => verify(b, viewer.auth).expect(200))).toBe(0);
  });

  it('refuses a token revoked through the other instance within a second', async () => {
    const client = await registerApp(a);
    const viewer = await createAccountWithToken(a.dataSource);
    const application = await a.dataSource
      .getRepository(OAuthApplication)
      .findOneByOrFail({ uid: client.client_id });
    const token = await createAccessToken(a.dataSource, { user: viewer.user, application });
    const auth = `Bearer ${token}`;
    await verify(b, auth).expect(200);
    await verify(b, auth).expect(200);

    await a.http
      .post('/oauth/revoke')
      .type('form')
      .send({ client_id: client.client_id, client_secret: client.client_secret, token })
      .expect(200);
    await within(1000, async () => {
      await verify(b, auth).expect(401);
    });
  });

  it('refuses a user disabled through the other instance within a second', async () => {
    const viewer = await createAccountWithToken(a.dataSource);
    await verify(b, viewer.auth).expect(200);

    await a.app.get(UserRepository).update(viewer.user.id, { disabled: true });
    await within(1000, async () => {
      await verify(b, viewer.auth).expect(403);
    });
  });

  it('shows a profile changed through the other instance within a second', async () => {
    const viewer = await createAccountWithToken(a.dataSource);
    await verify(b, viewer.auth).expect(200);

    await a.http
      .patch('/api/v1/accounts/update_credentials')
      .set('Authorization', viewer.auth)
      .send({ display_name: 'Renamed' })
      .expect(200);
    await within(1000, async () => {
      const res = await verify(b, viewer.auth).expect(200);
      expect(res.body.display_name).toBe('Renamed');
    });
  });

  it('never answers one token with another token’s user', async () => {
    const viewers = await Promise.all([1, 2, 3].map(() => createAccountWithToken(a.dataSource)));
    for (let round = 0; round < 2; round++) {
      for (const viewer of viewers) {
        const res = await verify(b, viewer.auth).expect(200);
        expect(res.body.id).toBe(viewer.account.id);
      }
    }
  });
});
