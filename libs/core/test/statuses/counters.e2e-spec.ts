import {
  FavouriteStatusService,
  PostStatusService,
  ReblogStatusService,
  RemoveStatusService,
  UnfavouriteStatusService,
} from '@nestodon/core';
import { Account, AccountStat, Status, StatusStat } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { CoreContext, startCore } from '../support/core-context';

/** Counters stay exact when many requests change them at once (atomic SQL, no read-modify-write). */
describe('status counters under concurrency', () => {
  let core: CoreContext;
  let post: PostStatusService;
  let remove: RemoveStatusService;

  const accountStat = async (account: Account) =>
    core.dataSource.getRepository(AccountStat).findOneBy({ accountId: account.id });
  const statusStat = async (status: Status) =>
    core.dataSource.getRepository(StatusStat).findOneBy({ statusId: status.id });
  const newAccounts = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () => (await createLocalAccount(core.dataSource)).account),
    );
  const publish = async (account: Account, text: string, extra = {}) => {
    const result = await post.call(account, { text, ...extra });
    if (!('status' in result)) throw new Error('expected a status');
    return result.status;
  };

  beforeAll(async () => {
    core = await startCore();
    post = core.app.get(PostStatusService);
    remove = core.app.get(RemoveStatusService);
  });
  afterAll(() => core.close());

  it('statuses_count and last_status_at for concurrent posts and deletions', async () => {
    const [author] = await newAccounts(1);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => publish(author, `post ${i}`)),
    );
    const afterPosting = await accountStat(author);
    expect(afterPosting?.statusesCount).toBe(20);
    expect(afterPosting?.lastStatusAt).not.toBeNull();
    // Deleting the same status twice at once counts once.
    const results = await Promise.allSettled([
      ...statuses.slice(0, 8).map((status) => remove.call(author, status.id)),
      remove.call(author, statuses[0].id),
      remove.call(author, statuses[1].id),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(8);
    expect((await accountStat(author))?.statusesCount).toBe(12);
  });

  it('replies_count for concurrent replies and deletions of replies', async () => {
    const [author, ...repliers] = await newAccounts(11);
    const parent = await publish(author, 'parent');
    const replies = await Promise.all(
      repliers.map((replier, i) => publish(replier, `reply ${i}`, { inReplyToId: parent.id })),
    );
    expect((await statusStat(parent))?.repliesCount).toBe(10);
    await Promise.all(replies.slice(0, 4).map((reply, i) => remove.call(repliers[i], reply.id)));
    expect((await statusStat(parent))?.repliesCount).toBe(6);
  });

  it('reblogs_count and the rebloggers’ statuses_count when the original is deleted', async () => {
    const [author, ...fans] = await newAccounts(9);
    const reblog = core.app.get(ReblogStatusService);
    const original = await publish(author, 'boost me');
    await Promise.all([...fans, ...fans].map((fan) => reblog.call(fan, original.id)));
    expect((await statusStat(original))?.reblogsCount).toBe(8);
    for (const fan of fans) expect((await accountStat(fan))?.statusesCount).toBe(1);
    await remove.call(author, original.id);
    for (const fan of fans) expect((await accountStat(fan))?.statusesCount).toBe(0);
    const live = await core.dataSource.query(
      `SELECT count(*)::int AS n FROM statuses WHERE reblog_of_id = $1 AND deleted_at IS NULL`,
      [original.id],
    );
    expect(live[0].n).toBe(0);
  });

  it('favourites_count for interleaved favourites and unfavourites', async () => {
    const [author, ...fans] = await newAccounts(13);
    const favourite = core.app.get(FavouriteStatusService);
    const unfavourite = core.app.get(UnfavouriteStatusService);
    const status = await publish(author, 'fave me');
    await Promise.all(fans.map((fan) => favourite.call(fan, status.id)));
    await Promise.all(
      fans.flatMap((fan, i) =>
        i % 2 === 0
          ? [unfavourite.call(fan, status.id), unfavourite.call(fan, status.id)]
          : [favourite.call(fan, status.id)],
      ),
    );
    const expected = fans.filter((_, i) => i % 2 === 1).length;
    expect((await statusStat(status))?.favouritesCount).toBe(expected);
    const [row] = await core.dataSource.query(
      `SELECT count(*)::int AS n FROM favourites WHERE status_id = $1`,
      [status.id],
    );
    expect(row.n).toBe(expected);
  });
});
