import {
  Account,
  EntityRowMapper,
  queryPrepared,
  queryPreparedArrays,
  User,
} from '@nestodon/domain';
import {
  createLocalAccount,
  createQueryCountingDatabase,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';

describe('prepared queries and hand-mapped rows', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    ({ dataSource } = db);
  });
  afterAll(() => db.teardown());

  it('builds entities equal to what TypeORM loads (dates, json, arrays, nulls)', async () => {
    const { account, user } = await createLocalAccount(
      dataSource,
      { displayName: 'Ada', note: 'hello', memorial: true },
      { chosenLanguages: ['en', 'fr'], settings: { noindex: true } },
    );
    const accounts = new EntityRowMapper(dataSource, Account, 'a');
    const users = new EntityRowMapper(dataSource, User, 'u');
    const sql = `SELECT ${accounts.select}, ${users.select}
                   FROM accounts a JOIN users u ON u.account_id = a.id WHERE a.id = $1`;
    const [row] = await queryPreparedArrays(dataSource, sql, [account.id]);
    const built = accounts.build(row, 0);
    const builtUser = users.build(row, accounts.width);

    expect(built).toBeInstanceOf(Account);
    expect(built).toEqual(
      await dataSource.getRepository(Account).findOneByOrFail({ id: account.id }),
    );
    expect(builtUser).toEqual(
      await dataSource.getRepository(User).findOneByOrFail({ id: user.id }),
    );
    expect(builtUser.chosenLanguages).toEqual(['en', 'fr']);
    expect(accounts.isNull(row, 0)).toBe(false);
  });

  it('returns the rows dataSource.query returns, logs every call and can run again', async () => {
    const { account } = await createLocalAccount(dataSource);
    const sql = `SELECT id::text AS id, username, created_at FROM accounts WHERE id = ANY($1::bigint[])`;
    const expected = await dataSource.query(sql, [[account.id]]);
    const count = await db.countQueries(async () => {
      expect(await queryPrepared(dataSource, sql, [[account.id]])).toEqual(expected);
      expect(await queryPrepared(dataSource, sql, [[account.id]])).toEqual(expected);
    });
    expect(count).toBe(2);
    expect(expected[0].created_at).toBeInstanceOf(Date);
  });

  it('runs inside the caller’s transaction when given its manager', async () => {
    const sql = `SELECT count(*)::int AS n FROM accounts WHERE username = $1`;
    await dataSource
      .transaction(async (manager) => {
        await manager.query(`INSERT INTO accounts (username, domain) VALUES ('uncommitted', NULL)`);
        const [inside] = await queryPrepared<{ n: number }>(
          dataSource,
          sql,
          ['uncommitted'],
          manager,
        );
        expect(inside.n).toBe(1);
        const [outside] = await queryPrepared<{ n: number }>(dataSource, sql, ['uncommitted']);
        expect(outside.n).toBe(0);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
  });
});
