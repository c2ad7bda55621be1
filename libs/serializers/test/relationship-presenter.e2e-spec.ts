import {
  Account,
  AccountDomainBlock,
  AccountNote,
  AccountPin,
  Block,
  Follow,
  FollowRequest,
  Mute,
  RelationshipsRepository,
} from '@nestodon/domain';
import {
  createLocalAccount,
  createRemoteAccount,
  createQueryCountingDatabase,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { RelationshipPresenter } from '../src/rest/relationship.serializer';

describe('RelationshipPresenter', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;
  let presenter: RelationshipPresenter;
  let viewer: Account;

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    dataSource = db.dataSource;
    presenter = new RelationshipPresenter(new RelationshipsRepository(dataSource));
    viewer = (await createLocalAccount(dataSource)).account;
  });
  afterAll(() => db.teardown());
  const countQueries = (run: () => Promise<unknown>) => db.countQueries(run);

  /** Accounts related to the viewer in every possible way. */
  async function relatedAccounts(n: number): Promise<Account[]> {
    const accounts: Account[] = [];
    for (let i = 0; i < n; i++) {
      const account =
        i % 5 === 4
          ? await createRemoteAccount(dataSource, { domain: `d${i % 3}.example` })
          : (await createLocalAccount(dataSource)).account;
      accounts.push(account);
      const pair = { accountId: viewer.id, targetAccountId: account.id };
      const reverse = { accountId: account.id, targetAccountId: viewer.id };
      switch (i % 5) {
        case 0:
          await dataSource.getRepository(Follow).save({ ...pair, languages: ['en'] });
          await dataSource.getRepository(AccountPin).save(pair);
          await dataSource.getRepository(Follow).save(reverse);
          break;
        case 1:
          await dataSource.getRepository(FollowRequest).save({ ...pair, notify: true });
          await dataSource.getRepository(FollowRequest).save(reverse);
          break;
        case 2:
          await dataSource.getRepository(Block).save(pair);
          await dataSource.getRepository(Block).save(reverse);
          break;
        case 3:
          await dataSource.getRepository(Mute).save({ ...pair, hideNotifications: false });
          await dataSource.getRepository(AccountNote).save({ ...pair, comment: `note ${i}` });
          break;
        case 4:
          await dataSource
            .getRepository(AccountDomainBlock)
            .save({ accountId: viewer.id, domain: account.domain! })
            .catch(() => undefined); // the same domain twice
          break;
      }
    }
    return accounts;
  }

  it('costs one query for 1 id and for 40 ids', async () => {
    const accounts = await relatedAccounts(40);
    const ids = accounts.map((account) => account.id);
    const forOne = await countQueries(() => presenter.presentMany(viewer.id, ids.slice(0, 1)));
    const forForty = await countQueries(() => presenter.presentMany(viewer.id, ids));
    expect(forOne).toBe(1);
    expect(forForty).toBe(forOne);
    expect(await countQueries(() => presenter.presentMany(viewer.id, []))).toBe(0);
  });

  it('renders every field of the Relationship entity', async () => {
    const accounts = await relatedAccounts(5);
    const json = await presenter.presentMany(
      viewer.id,
      accounts.map((account) => account.id),
    );
    const base = {
      following: false,
      showing_reblogs: false,
      notifying: false,
      languages: null,
      followed_by: false,
      blocking: false,
      blocked_by: false,
      muting: false,
      muting_notifications: false,
      muting_expires_at: null,
      requested: false,
      requested_by: false,
      domain_blocking: false,
      endorsed: false,
      note: '',
    };
    expect(json[0]).toEqual({
      ...base,
      id: accounts[0].id,
      following: true,
      showing_reblogs: true,
      languages: ['en'],
      followed_by: true,
      endorsed: true,
    });
    // A pending request shows the options it carries.
    expect(json[1]).toEqual({
      ...base,
      id: accounts[1].id,
      requested: true,
      requested_by: true,
      showing_reblogs: true,
      notifying: true,
    });
    expect(json[2]).toEqual({ ...base, id: accounts[2].id, blocking: true, blocked_by: true });
    expect(json[3]).toEqual({ ...base, id: accounts[3].id, muting: true, note: 'note 3' });
    expect(json[4]).toEqual({ ...base, id: accounts[4].id, domain_blocking: true });
    expect(Object.keys(json[0]).sort()).toEqual(Object.keys({ id: '', ...base }).sort());
  });

  it('keeps the order asked, drops duplicates and ignores expired mutes', async () => {
    const [a, b] = await relatedAccounts(2);
    await dataSource.getRepository(Mute).save({
      accountId: viewer.id,
      targetAccountId: b.id,
      expiresAt: new Date(Date.now() - 1000),
    });
    const json = await presenter.presentMany(viewer.id, [b.id, a.id, b.id]);
    expect(json.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(json[0].muting).toBe(false);

    const timed = await createLocalAccount(dataSource);
    const expiresAt = new Date(Date.now() + 3600_000);
    await dataSource
      .getRepository(Mute)
      .save({ accountId: viewer.id, targetAccountId: timed.account.id, expiresAt });
    const [muted] = await presenter.presentMany(viewer.id, [timed.account.id]);
    expect(muted).toMatchObject({
      muting: true,
      muting_notifications: true,
      muting_expires_at: expiresAt.toISOString(),
    });
  });
});
