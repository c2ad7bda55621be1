import {
  ReadReplica,
  Status,
  StatusPageRepository,
  StatusRepository,
  StatusVisibility,
  ViewerRelationsRepository,
} from '@nestodon/domain';
import {
  createLocalAccount,
  createMediaAttachment,
  createQueryCountingDatabase,
  createReblog,
  createRemoteAccount,
  createStatus,
  insertFollow,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource, In, IsNull } from 'typeorm';

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

  const withEpoch = (status: Status, epoch: string): Status => {
    status.renderEpoch = epoch;
    if (status.reblog) status.reblog.renderEpoch = epoch;
    return status;
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

    // What TypeORM loads (a reblog of a deleted status shows none), as the reference.
    const expected = withoutKeys(
      await dataSource.getRepository(Status).find({
        where: { id: In(ids), deletedAt: IsNull() },
        relations: { account: true, reblog: { account: true } },
      }),
    );
    for (const status of expected) {
      if (status.reblog?.deletedAt) status.reblog = null;
      // TypeORM sets the relation of a status that reblogs nothing; pages leave it unset.
      if (!status.reblogOfId) delete (status as Partial<Status>).reblog;
    }
    const byId = new Map(expected.map((status) => [status.id, status]));
    expect(page.map((status) => status.id)).toEqual([
      reblogOfGone.id,
      reblog.id,
      withMedia.id,
      original.id,
    ]);
    const [{ version: epoch }] = await dataSource.query(`SELECT version::text FROM render_epoch`);
    for (const status of page) {
      expect(status).toBeInstanceOf(Status);
      // The page also tells the render epoch it was read in (the rendered-status cache's key).
      expect(status.renderEpoch).toBe(epoch);
      if (status.reblog) expect(status.reblog.renderEpoch).toBe(epoch);
      expect(status).toEqual(withEpoch(byId.get(status.id)!, epoch));
    }
    expect(page[0].reblog).toBeNull();
    expect(page[1].reblog?.account?.id).toBe(remote.id);
    expect(page[2].orderedMediaAttachmentIds).toEqual([media.id]);
  });

  it('gives the render epoch only to statuses read outside a transaction', async () => {
    const { account } = await createLocalAccount(dataSource);
    const status = await createStatus(dataSource, account);
    const [outside] = await statuses.findWithRelations([status.id]);
    expect(outside.renderEpoch).toMatch(/^\d+$/);
    // Inside one, what it shows may not be committed: such statuses are never kept rendered.
    const inside = await dataSource.transaction((tx) =>
      statuses.findWithRelations([status.id], { tx }),
    );
    expect(inside[0].id).toBe(status.id);
    expect(inside[0].renderEpoch).toBeUndefined();
  });

  it('loads nothing for no ids', async () => {
    expect(await db.countQueries(async () => expect(await statuses.findPage([])).toEqual([]))).toBe(
      0,
    );
  });

  it("reads the viewer's relations with the page as ViewerRelationsRepository does, in one query", async () => {
    const { account: viewer } = await createLocalAccount(dataSource);
    const followed = await createRemoteAccount(dataSource, { domain: 'followed.example' });
    const blocked = await createRemoteAccount(dataSource);
    const blocker = await createRemoteAccount(dataSource);
    const muted = await createRemoteAccount(dataSource);
    const onceMuted = await createRemoteAccount(dataSource);
    const fromBlockedDomain = await createRemoteAccount(dataSource, { domain: 'blocked.example' });
    const { account: local } = await createLocalAccount(dataSource);
    await insertFollow(dataSource, viewer, followed);
    await dataSource.query(
      `INSERT INTO blocks (account_id, target_account_id) VALUES ($1, $2), ($3, $1)`,
      [viewer.id, blocked.id, blocker.id],
    );
    await dataSource.query(
      `INSERT INTO mutes (account_id, target_account_id, expires_at)
       VALUES ($1, $2, NULL), ($1, $3, now() - interval '1 minute')`,
      [viewer.id, muted.id, onceMuted.id],
    );
    await dataSource.query(
      `INSERT INTO account_domain_blocks (account_id, domain) VALUES ($1, 'blocked.example')`,
      [viewer.id],
    );
    const authors = [followed, blocked, blocker, muted, onceMuted, fromBlockedDomain, local];
    const posted = await Promise.all(authors.map((author) => createStatus(dataSource, author)));
    const mentioning = await createStatus(dataSource, local, {
      visibility: StatusVisibility.Direct,
    });
    await dataSource.query(`INSERT INTO mentions (status_id, account_id) VALUES ($1, $2)`, [
      mentioning.id,
      viewer.id,
    ]);
    // Reblogs show the reblogged status's author too: the blocker's and the blocked domain's.
    const reblogs = await Promise.all([
      createReblog(dataSource, followed, posted[2]),
      createReblog(dataSource, local, posted[5]),
    ]);
    const ids = [...reblogs, mentioning, ...posted].map((status) => status.id);
    // And what a cached rendering lacks: counters, the viewer's marks, the authors' counters.
    await dataSource.query(`INSERT INTO favourites (account_id, status_id) VALUES ($1, $2)`, [
      viewer.id,
      posted[0].id,
    ]);
    await dataSource.query(`INSERT INTO bookmarks (account_id, status_id) VALUES ($1, $2)`, [
      viewer.id,
      posted[5].id,
    ]);
    await dataSource.query(`INSERT INTO status_pins (account_id, status_id) VALUES ($1, $2)`, [
      viewer.id,
      posted[6].id,
    ]);
    await dataSource.query(
      `INSERT INTO conversation_mutes (account_id, conversation_id) VALUES ($1, $2)`,
      [viewer.id, posted[0].conversationId],
    );
    await createReblog(dataSource, viewer, posted[2]);
    await dataSource.query(
      `INSERT INTO status_stats (status_id, replies_count, reblogs_count, favourites_count, quotes_count)
       VALUES ($1, 1, 2, 3, 4)`,
      [posted[2].id],
    );
    await dataSource.query(
      `INSERT INTO account_stats (account_id, statuses_count, following_count, followers_count, last_status_at)
       VALUES ($1, 5, 6, 7, now()) ON CONFLICT (account_id) DO UPDATE
         SET statuses_count = 5, following_count = 6, followers_count = 7, last_status_at = now()`,
      [followed.id],
    );

    let viewed: Awaited<ReturnType<StatusRepository['findPageViewedBy']>> | undefined;
    const queries = await db.countQueries(async () => {
      viewed = await statuses.findPageViewedBy(ids, viewer.id);
    });
    expect(queries).toBe(1);
    expect(viewed!.statuses).toEqual(await statuses.findPage(ids));

    const shown = viewed!.statuses.flatMap((status) =>
      status.reblog ? [status, status.reblog] : [status],
    );
    const expected = await new ViewerRelationsRepository(dataSource).load(viewer.id, {
      accountIds: shown.map((status) => status.accountId),
      statusIds: shown.map((status) => status.id),
      domains: shown.flatMap((status) => (status.account?.domain ? [status.account.domain] : [])),
    });
    expect(viewed!.relations).toEqual(expected);
    expect([...viewed!.relations.following]).toEqual([followed.id]);
    expect([...viewed!.relations.blocking]).toEqual([blocked.id]);
    expect([...viewed!.relations.blockedBy]).toEqual([blocker.id]);
    expect([...viewed!.relations.muting]).toEqual([muted.id]);
    expect([...viewed!.relations.domainBlocking]).toEqual(['blocked.example']);
    expect([...viewed!.relations.mentionedIn]).toEqual([mentioning.id]);

    const live = await new StatusPageRepository(dataSource).liveFacts(
      shown.map((status) => status.id),
      {
        id: viewer.id,
        conversationIds: shown.flatMap((status) =>
          status.conversationId ? [status.conversationId] : [],
        ),
      },
      [...new Set(shown.map((status) => status.accountId))],
    );
    expect(viewed!.live).toEqual(live);
    expect(live.counts.get(posted[2].id)).toEqual({
      repliesCount: 1,
      reblogsCount: 2,
      favouritesCount: 3,
      quotesCount: 4,
    });
    expect(live.viewer).toEqual({
      favourited: new Set([posted[0].id]),
      reblogged: new Set([posted[2].id]),
      bookmarked: new Set([posted[5].id]),
      pinned: new Set([posted[6].id]),
      mutedConversations: new Set([posted[0].conversationId]),
    });
    expect(live.authors.get(followed.id)).toMatchObject({ statusesCount: 5, followersCount: 7 });
  });
});
