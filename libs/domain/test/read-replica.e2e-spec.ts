import {
  Account,
  dataSourceOptions,
  ReadReplica,
  StatusRepository,
  TimelineRepository,
} from '@nestodon/domain';
import { createStatus, createTestDatabase, TestDatabase } from '@nestodon/testing';
import { DataSource } from 'typeorm';

const page = { limit: 20 };

/**
 * REPLICA_DATABASE_URL: id pages of timelines and profiles read the replica; everything else,
 * and the rows those ids name, the primary. Two databases stand in for primary and replica
 * with different contents, so where each query went shows in what it finds.
 */
describe('ReadReplica', () => {
  let primaryDatabase: TestDatabase;
  let replicaDatabase: TestDatabase;
  let primary: DataSource;
  let replica: DataSource;
  let replicated: DataSource;
  let author: Account;

  const open = async (url: string, replicaUrl: string | null = null) =>
    new DataSource(dataSourceOptions({ url, poolSize: 2, replicaUrl })).initialize();

  beforeAll(async () => {
    [primaryDatabase, replicaDatabase] = await Promise.all([
      createTestDatabase(),
      createTestDatabase(),
    ]);
    [primary, replica, replicated] = await Promise.all([
      open(primaryDatabase.url),
      open(replicaDatabase.url),
      open(primaryDatabase.url, replicaDatabase.url),
    ]);
    // The same author on both, as replication would have it.
    author = await primary.getRepository(Account).save({ username: 'ada', domain: null });
    await replica.getRepository(Account).save({ id: author.id, username: 'ada', domain: null });
  });
  afterAll(async () => {
    await Promise.all([primary, replica, replicated].map((source) => source?.destroy()));
    await Promise.all([primaryDatabase, replicaDatabase].map((database) => database?.drop()));
  });

  it('reads timeline and profile id pages from the replica, and rows from the primary', async () => {
    const onPrimary = await createStatus(primary, author, { text: 'only on the primary' });
    const onReplica = await createStatus(replica, author, { text: 'only on the replica' });
    const replicaReads = new ReadReplica(replicated);

    const timeline = new TimelineRepository(replicated, replicaReads);
    expect(await timeline.publicStatusIds({ local: null, onlyMedia: false }, null, page)).toEqual([
      String(onReplica.id),
    ]);
    const statuses = new StatusRepository(replicated, replicaReads);
    const profile = await statuses.accountStatusIds(
      author.id,
      { visibilities: [0], mentionedViewerId: null },
      {},
      page,
    );
    expect(profile.items.map(({ item }) => item)).toEqual([String(onReplica.id)]);

    const rows = await statuses.findPage([String(onPrimary.id), String(onReplica.id)]);
    expect(rows.map((status) => status.text)).toEqual(['only on the primary']);
  });

  it('reads from the primary when no replica is configured', async () => {
    const onPrimary = await createStatus(primary, author, { text: 'primary, no replica' });
    const timeline = new TimelineRepository(primary, new ReadReplica(primary));
    expect(await timeline.publicStatusIds({ local: null, onlyMedia: false }, null, page)).toContain(
      String(onPrimary.id),
    );
  });
});
