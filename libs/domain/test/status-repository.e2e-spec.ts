import { ReadReplica, Status, StatusRepository, StatusVisibility } from '@nestodon/domain';
import {
  createLocalAccount,
  createMediaAttachment,
  createQueryCountingDatabase,
  createReblog,
  createRemoteAccount,
  createStatus,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';

describe('StatusRepository.findPage', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;
  let statuses: StatusRepository;

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    ({ dataSource } = db);
    statuses = new StatusRepository(dataSource, new ReadReplica(dataSource));
  });
  afterAll(() => db.teardown());

  /** TypeORM's entities without the authors' public keys, which pages leave out. */
  const withoutKeys = (loaded: Status[]) => {
    for (const status of loaded) {
      for (const account of [status.account, status.reblog?.account]) {
        if (account) delete (account as Partial<typeof account>).publicKey;
      }
    }
    return loaded;
  };

  it('builds the statuses TypeORM loads, in the order asked, in one query', async () => {
    const { account: local } = await createLocalAccount(dataSource, { displayName: 'Ada' });
    const remote = await createRemoteAccount(dataSource);
    const media = await createMediaAttachment(dataSource, local);
    const original = await createStatus(dataSource, remote, {
      text: 'an original',
      language: 'en',
      spoilerText: 'cw',
      sensitive: true,
    });
    const withMedia = await createStatus(dataSource, local, {
      visibility: StatusVisibility.Private,
      orderedMediaAttachmentIds: [media.id],
      inReplyToId: original.id,
      inReplyToAccountId: remote.id,
      editedAt: new Date('2026-01-02T03:04:05.678Z'),
    });
    const reblog = await createReblog(dataSource, local, original);
    const gone = await createStatus(dataSource, remote);
    const reblogOfGone = await createReblog(dataSource, local, gone);
    await dataSource.query(`UPDATE statuses SET deleted_at = now() WHERE id = $1`, [gone.id]);
    const deleted = await createStatus(dataSource, local, { deletedAt: new Date() });

    const ids = [reblogOfGone.id, reblog.id, deleted.id, withMedia.id, original.id, '1'];
    let page: Status[] = [];
    const queries = await db.countQueries(async () => {
      page = await statuses.findPage(ids);
    });
    expect(queries).toBe(1);

    const expected = withoutKeys(await statuses.findWithRelations(ids));
    const byId = new Map(expected.map((status) => [status.id, status]));
    expect(page.map((status) => status.id)).toEqual([
      reblogOfGone.id,
      reblog.id,
      withMedia.id,
      original.id,
    ]);
    for (const status of page) {
      expect(status).toBeInstanceOf(Status);
      expect(status).toEqual(byId.get(status.id));
    }
    expect(page[0].reblog).toBeNull();
    expect(page[1].reblog?.account?.id).toBe(remote.id);
    expect(page[2].orderedMediaAttachmentIds).toEqual([media.id]);
  });

  it('loads nothing for no ids', async () => {
    expect(await db.countQueries(async () => expect(await statuses.findPage([])).toEqual([]))).toBe(
      0,
    );
  });
});
