import { PostStatusService, UpdateStatusService } from '@nestodon/core';
import { Account, Status, Tag } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { CoreContext, startCore } from '../support/core-context';

/** Posting and editing process hashtags the same way (one StatusWriteRepository). */
describe('hashtags of posted and edited statuses', () => {
  let core: CoreContext;
  let author: Account;

  const tag = (name: string) => core.dataSource.getRepository(Tag).findOneByOrFail({ name });
  const tagNamesOf = async (status: Status) =>
    (
      await core.dataSource.query(
        `SELECT t.name FROM statuses_tags st JOIN tags t ON t.id = st.tag_id
          WHERE st.status_id = $1 ORDER BY t.name`,
        [status.id],
      )
    ).map((row: { name: string }) => row.name);

  beforeAll(async () => {
    core = await startCore();
    author = (await createLocalAccount(core.dataSource)).account;
  });
  afterAll(() => core.close());

  it('links the tags and marks them used when posting and when editing', async () => {
    const result = await core.app.get(PostStatusService).call(author, { text: 'a #first post' });
    if (!('status' in result)) throw new Error('expected a status');
    const posted = await tag('first');
    expect(posted.lastStatusAt).not.toBeNull();
    expect(await tagNamesOf(result.status)).toEqual(['first']);

    const edited = await core.app
      .get(UpdateStatusService)
      .call(author, result.status.id, { text: 'an #edited post with #first' });
    expect(await tagNamesOf(edited)).toEqual(['edited', 'first']);
    expect((await tag('edited')).lastStatusAt).not.toBeNull();
    expect((await tag('first')).lastStatusAt!.getTime()).toBeGreaterThanOrEqual(
      posted.lastStatusAt!.getTime(),
    );

    await core.app.get(UpdateStatusService).call(author, result.status.id, { text: 'no tags' });
    expect(await tagNamesOf(edited)).toEqual([]);
  });
});
