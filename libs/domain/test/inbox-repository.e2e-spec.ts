import { DomainBlock, InboxRepository } from '@nestodon/domain';
import {
  createLocalAccount,
  createQueryCountingDatabase,
  createRemoteAccount,
  insertFollow,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';

/** Deliveries skip servers under a suspend domain block (and their subdomains), as Mastodon's. */
describe('InboxRepository and domain blocks', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;
  let inboxes: InboxRepository;

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    ({ dataSource } = db);
    inboxes = new InboxRepository(dataSource);
  });
  afterAll(() => db.teardown());

  it('leaves out followers on suspended servers and their subdomains, not silenced ones', async () => {
    const { account: author } = await createLocalAccount(dataSource);
    const domains = ['fine.example', 'evil.example', 'sub.evil.example', 'quiet.example'];
    const followers = await Promise.all(
      domains.map((domain) =>
        createRemoteAccount(dataSource, { domain, inboxUrl: `https://${domain}/inbox` }),
      ),
    );
    for (const follower of followers) await insertFollow(dataSource, follower, author);
    await dataSource.getRepository(DomainBlock).save([
      { domain: 'evil.example', severity: 'suspend' },
      { domain: 'quiet.example', severity: 'silence' },
    ]);

    expect((await inboxes.followerInboxes(author.id)).sort()).toEqual([
      'https://fine.example/inbox',
      'https://quiet.example/inbox',
    ]);
    expect(await inboxes.inboxesOf(followers.map((follower) => follower.id))).not.toContain(
      'https://evil.example/inbox',
    );
  });
});
