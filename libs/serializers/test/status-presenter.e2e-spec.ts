import { AppConfig } from '@nestodon/config';
import {
  Account,
  AccountRepository,
  AccountStatsRepository,
  CustomEmoji,
  CustomEmojiRepository,
  PollRepository,
  ReadReplica,
  Status,
  StatusPageRepository,
  StatusRepository,
  StatusVisibility,
  ViewerRelationsRepository,
} from '@nestodon/domain';
import {
  createApplication,
  createLocalAccount,
  createMediaAttachment,
  createPoll,
  createReblog,
  createRemoteAccount,
  createStatus,
  createQueryCountingDatabase,
  insertFollow,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { StatusQueries } from '@nestodon/core';
import { AccountPresenter } from '../src/rest/account.serializer';
import { StatusPageLoader } from '../src/rest/status-page.loader';
import { StatusPresenter } from '../src/rest/status.serializer';
import { RenderedStatusCache } from '../src/rest/rendered-status.cache';

describe('StatusPresenter', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;
  let presenter: StatusPresenter;
  let visibility: StatusQueries;
  let statuses: StatusRepository;
  let config: AppConfig;
  let viewer: Account;
  let page: string[];

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    ({ dataSource, config } = db);
    const accounts = new AccountPresenter(
      config,
      new CustomEmojiRepository(dataSource),
      new AccountRepository(dataSource),
      new AccountStatsRepository(dataSource),
    );
    presenter = new StatusPresenter(
      config,
      new StatusPageLoader(
        new StatusPageRepository(dataSource),
        new CustomEmojiRepository(dataSource),
        new PollRepository(dataSource),
        new StatusRepository(dataSource, new ReadReplica(dataSource)),
        new ViewerRelationsRepository(dataSource),
        accounts,
      ),
      // Without a store: these count what rendering costs.
      new RenderedStatusCache(config, null),
    );
    statuses = new StatusRepository(dataSource, new ReadReplica(dataSource));
    visibility = new StatusQueries(statuses, new ViewerRelationsRepository(dataSource));
    viewer = (await createLocalAccount(dataSource, { username: 'viewer' })).account;
    page = await makeStatuses(41);
  });
  afterAll(() => db.teardown());
  const countQueries = (run: () => Promise<unknown>) => db.countQueries(run);

  /** A mix of everything a status can carry, so every preload runs. */
  async function makeStatuses(n: number): Promise<string[]> {
    const { application } = await createApplication(dataSource);
    await dataSource.getRepository(CustomEmoji).save([
      { shortcode: 'blobcat', domain: null, imageFileName: 'blobcat.png' },
      { shortcode: 'blobcat', domain: 'remote.example', imageRemoteUrl: 'https://r/blobcat.png' },
    ]);
    const [tag] = await dataSource.query(
      `INSERT INTO tags (name, display_name) VALUES ('cats', 'Cats') RETURNING id`,
    );
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const author =
        i % 3 === 0
          ? await createRemoteAccount(dataSource)
          : (await createLocalAccount(dataSource)).account;
      if (i % 4 === 0) await insertFollow(dataSource, viewer, author);
      const mentioned = (await createLocalAccount(dataSource)).account;
      const status = await createStatus(dataSource, author, {
        text: `hello :blobcat: @${mentioned.username} #cats ${i}`,
        visibility: i % 4 === 0 ? StatusVisibility.Private : StatusVisibility.Public,
        applicationId: application.id,
        mentions: [mentioned, viewer],
      });
      await dataSource.query(`INSERT INTO statuses_tags (tag_id, status_id) VALUES ($1, $2)`, [
        tag.id,
        status.id,
      ]);
      const media = await createMediaAttachment(dataSource, author, { statusId: status.id });
      await dataSource
        .getRepository(Status)
        .update({ id: status.id }, { orderedMediaAttachmentIds: [media.id] });
      const poll = await createPoll(dataSource, status, { options: ['a :blobcat:', 'b'] });
      await dataSource.query(
        `INSERT INTO poll_votes (poll_id, account_id, choice) VALUES ($1, $2, 0)`,
        [poll.id, viewer.id],
      );
      await dataSource.query(`INSERT INTO favourites (account_id, status_id) VALUES ($1, $2)`, [
        viewer.id,
        status.id,
      ]);
      await dataSource.query(`INSERT INTO bookmarks (account_id, status_id) VALUES ($1, $2)`, [
        viewer.id,
        status.id,
      ]);
      await dataSource.query(
        `INSERT INTO status_stats (status_id, favourites_count) VALUES ($1, 1)`,
        [status.id],
      );
      if (i % 3 === 1) {
        const reblogger = (await createLocalAccount(dataSource)).account;
        ids.push((await createReblog(dataSource, reblogger, status)).id);
      } else {
        ids.push(status.id);
      }
    }
    return ids;
  }

  it('renders every part of a status, with the viewer’s flags', async () => {
    const [status] = await visibility.loadInOrder([page[1]]);
    const json = await presenter.present(status, viewer);
    expect(json.reblog).not.toBeNull();
    const original = json.reblog!;
    expect(original).toMatchObject({
      favourited: true,
      bookmarked: true,
      reblogged: false,
      muted: false,
      favourites_count: 1,
      application: { name: expect.any(String) },
      tags: [{ name: 'Cats', url: 'https://nestodon.test/tags/cats' }],
      emojis: [{ shortcode: 'blobcat' }],
      poll: { voted: true, own_votes: [0], emojis: [{ shortcode: 'blobcat' }] },
    });
    expect(original.mentions).toHaveLength(2);
    expect(original.media_attachments).toHaveLength(1);
    expect(json).toMatchObject({ favourited: true, bookmarked: true, content: '' });
  });

  it('presents a page of 40 with the same number of queries as a page of 1', async () => {
    const load = async (ids: string[]) => visibility.loadInOrder(ids);
    // The single status is a reblog of a local account's post: every preload runs for it too.
    const one = await load(page.slice(1, 2));
    const forty = await load(page.slice(0, 40));
    expect(forty).toHaveLength(40);
    const single = await countQueries(() => presenter.presentMany(one, viewer));
    const many = await countQueries(() => presenter.presentMany(forty, viewer));
    expect(many).toBe(single);
    expect(many).toBeLessThanOrEqual(14);
    const anonymousOne = await countQueries(() => presenter.presentMany(one, null));
    const anonymousMany = await countQueries(() => presenter.presentMany(forty, null));
    expect(anonymousMany).toBe(anonymousOne);
  });

  it('loads, filters and presents a page in a constant number of queries', async () => {
    const readPage = async (ids: string[]) => {
      const loaded = await visibility.loadInOrder(ids);
      const shown = await visibility.filterVisible(loaded, viewer);
      return presenter.presentMany(shown, viewer);
    };
    let rendered: unknown[] = [];
    const single = await countQueries(async () => {
      rendered = await readPage(page.slice(1, 2));
    });
    expect(rendered).toHaveLength(1);
    const many = await countQueries(async () => {
      rendered = await readPage(page.slice(0, 40));
    });
    expect(rendered.length).toBeGreaterThan(25);
    expect(many).toBe(single);
  });
});
