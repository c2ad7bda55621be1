import { AppConfig } from '@nestodon/config';
import {
  Account,
  AccountRepository,
  AccountStatsRepository,
  CustomEmojiRepository,
  User,
} from '@nestodon/domain';
import {
  createLocalAccount,
  createRemoteAccount,
  createQueryCountingDatabase,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { AccountPresenter } from '../src/rest/account.serializer';

describe('AccountPresenter', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;
  let presenter: AccountPresenter;
  let config: AppConfig;

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    ({ dataSource, config } = db);
    presenter = new AccountPresenter(
      config,
      new CustomEmojiRepository(dataSource),
      new AccountRepository(dataSource),
      new AccountStatsRepository(dataSource),
    );
  });
  afterAll(() => db.teardown());
  const countQueries = (run: () => Promise<unknown>) => db.countQueries(run);

  /** A mix: local with a highlighted role, local moved to another, remote, suspended. */
  async function makeAccounts(n: number): Promise<Account[]> {
    const accounts: Account[] = [];
    for (let i = 0; i < n; i++) {
      const kind = i % 4;
      if (kind === 0) {
        const { account } = await createLocalAccount(dataSource, {}, { roleId: '2' });
        accounts.push(account);
      } else if (kind === 1) {
        const target = await createRemoteAccount(dataSource);
        const { account } = await createLocalAccount(dataSource, { movedToAccountId: target.id });
        accounts.push(account);
      } else if (kind === 2) {
        accounts.push(await createRemoteAccount(dataSource));
      } else {
        const { account } = await createLocalAccount(dataSource, { suspendedAt: new Date() });
        accounts.push(account);
      }
    }
    const stats = new AccountStatsRepository(dataSource);
    for (const account of accounts) await stats.increment(account.id, 'statuses_count', 3);
    return accounts;
  }

  it('uses the same number of queries for 1 and for 20 accounts', async () => {
    const one = await makeAccounts(4);
    const twenty = await makeAccounts(20);
    const forOne = await countQueries(() => presenter.presentMany(one.slice(1, 2)));
    const forFour = await countQueries(() => presenter.presentMany(one));
    const forTwenty = await countQueries(() => presenter.presentMany(twenty));
    expect(forOne).toBeLessThanOrEqual(3);
    expect(forFour).toBe(forTwenty);
    expect(forTwenty).toBeLessThanOrEqual(3);
  });

  it('renders a local account completely', async () => {
    const { account } = await createLocalAccount(
      dataSource,
      {
        username: 'alice',
        displayName: 'Alice',
        note: 'Hello <b>world</b>\n\nsee https://example.com #Cats',
        fields: [{ name: 'Site', value: 'https://alice.example', verified_at: null }],
        actorType: 'Service',
        createdAt: new Date('2024-05-06T07:08:09.123Z'),
      },
      { roleId: '2' },
    );
    await new AccountStatsRepository(dataSource).increment(account.id, 'followers_count', 5);
    await new AccountStatsRepository(dataSource).touchLastStatusAt(
      account.id,
      new Date('2024-06-01T22:00:00Z'),
    );
    const json = await presenter.present(account);
    const base = config.instance.baseUrl;
    expect(json).toMatchObject({
      id: account.id,
      username: 'alice',
      acct: 'alice',
      display_name: 'Alice',
      url: `${base}/@alice`,
      uri: `${base}/users/alice`,
      avatar: `${base}/avatars/original/missing.png`,
      avatar_static: `${base}/avatars/original/missing.png`,
      header: `${base}/headers/original/missing.png`,
      header_static: `${base}/headers/original/missing.png`,
      bot: true,
      group: false,
      locked: false,
      created_at: '2024-05-06T00:00:00.000Z',
      last_status_at: '2024-06-01',
      followers_count: 5,
      following_count: 0,
      statuses_count: 0,
      noindex: false,
      emojis: [],
      roles: [{ id: '2', name: 'Admin', color: '' }],
    });
    expect(json.note).toContain('<p>Hello &lt;b&gt;world&lt;/b&gt;</p>');
    expect(json.note).toContain(`href="${base}/tags/Cats"`);
    expect(json.fields[0].value).toContain('href="https://alice.example"');
    expect(json.fields[0].value).toContain('rel="me nofollow noopener"');
    expect('suspended' in json).toBe(false);
    expect('moved' in json).toBe(false);
  });

  it('renders remote accounts with their own URLs and no noindex or roles', async () => {
    const remote = await createRemoteAccount(dataSource, {
      username: 'bob',
      domain: 'remote.example',
      avatarRemoteUrl: 'https://remote.example/bob.png',
      actorType: 'Group',
      silencedAt: new Date(),
    });
    const json = await presenter.present(remote);
    expect(json).toMatchObject({
      acct: 'bob@remote.example',
      url: 'https://remote.example/@bob',
      uri: 'https://remote.example/users/bob',
      avatar: 'https://remote.example/bob.png',
      group: true,
      limited: true,
      roles: [],
    });
    expect('noindex' in json).toBe(false);
  });

  it('empties suspended accounts and nests moved accounts one level', async () => {
    const target = await createRemoteAccount(dataSource);
    const { account: moved } = await createLocalAccount(dataSource, {
      movedToAccountId: target.id,
      displayName: 'Moved',
    });
    const { account: suspended } = await createLocalAccount(
      dataSource,
      {
        displayName: 'Gone',
        note: 'bio',
        fields: [{ name: 'a', value: 'b', verified_at: null }],
        locked: true,
        suspendedAt: new Date(),
        movedToAccountId: target.id,
      },
      { roleId: '2' },
    );
    await new AccountStatsRepository(dataSource).increment(suspended.id, 'statuses_count', 7);
    const [movedJson, suspendedJson] = await presenter.presentMany([moved, suspended]);
    expect(movedJson.moved).toMatchObject({
      id: target.id,
      acct: target.username + '@remote.example',
    });
    expect(movedJson.moved && 'moved' in movedJson.moved).toBe(false);
    expect(suspendedJson).toMatchObject({
      suspended: true,
      display_name: '',
      note: '',
      fields: [],
      emojis: [],
      roles: [],
      locked: false,
      moved: null,
      statuses_count: 7,
      avatar: `${config.instance.baseUrl}/avatars/original/missing.png`,
    });
  });

  it('adds source and role for the credential account', async () => {
    const { account, user } = await createLocalAccount(
      dataSource,
      { note: 'raw *note*', locked: true },
      { settings: { default_sensitive: true, default_language: 'fr' } },
    );
    const json = await presenter.presentCredential(
      account,
      (await dataSource.getRepository(User).findOneByOrFail({ id: user.id })) as User,
    );
    expect(json.source).toEqual({
      privacy: 'private',
      sensitive: true,
      language: 'fr',
      note: 'raw *note*',
      fields: [],
      follow_requests_count: 0,
      hide_collections: null,
      discoverable: null,
      indexable: false,
      attribution_domains: [],
      quote_policy: 'public',
    });
    expect(json.role).toEqual({
      id: '-99',
      name: '',
      color: '',
      permissions: '65536',
      highlighted: false,
    });
  });

  it("reads the credential account's counters, user, role and follow requests in one query", async () => {
    const { account, user } = await createLocalAccount(dataSource, {}, { roleId: '2' });
    let json: Awaited<ReturnType<AccountPresenter['presentCredential']>> | undefined;
    const queries = await countQueries(async () => {
      json = await presenter.presentCredential(account, user);
    });
    expect(queries).toBe(1);
    expect(json!.role).toMatchObject({ id: '2', name: 'Admin', highlighted: true });
    expect(json!.roles).toEqual([expect.objectContaining({ id: '2', name: 'Admin' })]);
  });

  it('counts pending follow requests, up to 40', async () => {
    const { account, user } = await createLocalAccount(dataSource, { locked: true });
    const requesters = await Promise.all(
      Array.from({ length: 3 }, () => createRemoteAccount(dataSource)),
    );
    for (const requester of requesters) {
      await dataSource.query(
        `INSERT INTO follow_requests (account_id, target_account_id) VALUES ($1, $2)`,
        [requester.id, account.id],
      );
    }
    const json = await presenter.presentCredential(account, user);
    expect(json.source.follow_requests_count).toBe(3);
  });
});
