import {
  createLocalAccount,
  createMediaAttachment,
  createRemoteAccount,
  createStatus,
  createQueryCountingDatabase,
  QueryCountingDatabase,
} from '@nestodon/testing';
import { Account, Status } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/**
 * The database moves render versions (the rendered-status cache's keys) on every write that
 * changes what a status or an account shows, and only then.
 */
describe('render versions', () => {
  let db: QueryCountingDatabase;
  let dataSource: DataSource;
  let author: Account;
  let status: Status;

  beforeAll(async () => {
    db = await createQueryCountingDatabase();
    ({ dataSource } = db);
    ({ account: author } = await createLocalAccount(dataSource));
  });
  beforeEach(async () => {
    status = await createStatus(dataSource, author);
  });
  afterAll(() => db.teardown());

  const versionOf = async (table: 'statuses' | 'accounts', id: string): Promise<bigint> => {
    const [row] = await dataSource.query(
      `SELECT render_version::text AS v FROM ${table} WHERE id = $1`,
      [id],
    );
    return BigInt(row.v);
  };
  const epoch = async (): Promise<bigint> => {
    const [row] = await dataSource.query(`SELECT version::text AS v FROM render_epoch`);
    return BigInt(row.v);
  };
  /** Whether `write` moved the status's version. */
  const movesStatus = async (write: () => Promise<unknown>, id = status.id): Promise<boolean> => {
    const before = await versionOf('statuses', id);
    await write();
    return (await versionOf('statuses', id)) !== before;
  };
  const movesAccount = async (write: () => Promise<unknown>, id = author.id): Promise<boolean> => {
    const before = await versionOf('accounts', id);
    await write();
    return (await versionOf('accounts', id)) !== before;
  };
  const movesEpoch = async (write: () => Promise<unknown>): Promise<boolean> => {
    const before = await epoch();
    await write();
    return (await epoch()) !== before;
  };

  it('moves a status on its own updates and on its media, mentions, tags, card and quote', async () => {
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE statuses SET text = 'edited' WHERE id = $1`, [status.id]),
      ),
    ).toBe(true);
    const media = await createMediaAttachment(dataSource, author);
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE media_attachments SET status_id = $1 WHERE id = $2`, [
          status.id,
          media.id,
        ]),
      ),
    ).toBe(true);
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE media_attachments SET description = 'a cat' WHERE id = $1`, [
          media.id,
        ]),
      ),
    ).toBe(true);
    expect(
      await movesStatus(() =>
        dataSource.query(`DELETE FROM media_attachments WHERE id = $1`, [media.id]),
      ),
    ).toBe(true);

    const { account: other } = await createLocalAccount(dataSource);
    expect(
      await movesStatus(() =>
        dataSource.query(`INSERT INTO mentions (status_id, account_id) VALUES ($1, $2)`, [
          status.id,
          other.id,
        ]),
      ),
    ).toBe(true);
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE mentions SET silent = true WHERE status_id = $1`, [status.id]),
      ),
    ).toBe(true);

    const [tag] = await dataSource.query(`INSERT INTO tags (name) VALUES ('cats') RETURNING id`);
    expect(
      await movesStatus(() =>
        dataSource.query(`INSERT INTO statuses_tags (status_id, tag_id) VALUES ($1, $2)`, [
          status.id,
          tag.id,
        ]),
      ),
    ).toBe(true);
    expect(
      await movesStatus(() =>
        dataSource.query(`DELETE FROM statuses_tags WHERE status_id = $1`, [status.id]),
      ),
    ).toBe(true);

    const [card] = await dataSource.query(
      `INSERT INTO preview_cards (url, title) VALUES ('https://example.com/', 'Example') RETURNING id`,
    );
    expect(
      await movesStatus(() =>
        dataSource.query(
          `INSERT INTO preview_cards_statuses (preview_card_id, status_id) VALUES ($1, $2)`,
          [card.id, status.id],
        ),
      ),
    ).toBe(true);
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE preview_cards SET title = 'Example Domain' WHERE id = $1`, [
          card.id,
        ]),
      ),
    ).toBe(true);
    // Fetching a card again that did not change moves nothing.
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE preview_cards SET title = 'Example Domain' WHERE id = $1`, [
          card.id,
        ]),
      ),
    ).toBe(false);

    const quoted = await createStatus(dataSource, other);
    expect(
      await movesStatus(() =>
        dataSource.query(
          `INSERT INTO quotes (status_id, quoted_status_id, account_id, quoted_account_id) VALUES ($1, $2, $3, $4)`,
          [status.id, quoted.id, author.id, other.id],
        ),
      ),
    ).toBe(true);
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE quotes SET state = 1 WHERE status_id = $1`, [status.id]),
      ),
    ).toBe(true);
  });

  it('moves statuses mentioning an account when its name or address changes, and not otherwise', async () => {
    const mentioned = await createRemoteAccount(dataSource, {
      username: 'ada',
      domain: 'remote.example',
    });
    await dataSource.query(`INSERT INTO mentions (status_id, account_id) VALUES ($1, $2)`, [
      status.id,
      mentioned.id,
    ]);
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE accounts SET display_name = 'Ada' WHERE id = $1`, [mentioned.id]),
      ),
    ).toBe(false);
    expect(
      await movesStatus(() =>
        dataSource.query(`UPDATE accounts SET url = 'https://remote.example/@ada2' WHERE id = $1`, [
          mentioned.id,
        ]),
      ),
    ).toBe(true);
  });

  it('does not move a status when it is favourited or counted', async () => {
    const { account: fan } = await createLocalAccount(dataSource);
    expect(
      await movesStatus(async () => {
        await dataSource.query(`INSERT INTO favourites (account_id, status_id) VALUES ($1, $2)`, [
          fan.id,
          status.id,
        ]);
        await dataSource.query(
          `INSERT INTO status_stats (status_id, favourites_count) VALUES ($1, 1)
             ON CONFLICT (status_id) DO UPDATE SET favourites_count = status_stats.favourites_count + 1`,
          [status.id],
        );
      }),
    ).toBe(false);
  });

  it("moves an account on its own updates and on its user's role and settings, not on sign-ins", async () => {
    const { account, user } = await createLocalAccount(dataSource);
    expect(
      await movesAccount(
        () =>
          dataSource.query(`UPDATE accounts SET display_name = 'New' WHERE id = $1`, [account.id]),
        account.id,
      ),
    ).toBe(true);
    expect(
      await movesAccount(
        () =>
          dataSource.query(`UPDATE users SET settings = '{"noindex": true}' WHERE id = $1`, [
            user.id,
          ]),
        account.id,
      ),
    ).toBe(true);
    expect(
      await movesAccount(
        () =>
          dataSource.query(`UPDATE users SET current_sign_in_at = now() WHERE id = $1`, [user.id]),
        account.id,
      ),
    ).toBe(false);
    expect(
      await movesAccount(
        () =>
          dataSource.query(
            `UPDATE account_stats SET followers_count = followers_count + 1 WHERE account_id = $1`,
            [account.id],
          ),
        account.id,
      ),
    ).toBe(false);
  });

  it('moves the epoch on custom emojis, roles, applications and tag names, not on tag use', async () => {
    expect(
      await movesEpoch(() =>
        dataSource.query(`INSERT INTO custom_emojis (shortcode, domain) VALUES ('blobcat', NULL)`),
      ),
    ).toBe(true);
    expect(
      await movesEpoch(() =>
        dataSource.query(`UPDATE custom_emojis SET disabled = true WHERE shortcode = 'blobcat'`),
      ),
    ).toBe(true);
    // An upsert that changes nothing (a remote emoji seen again) moves nothing.
    expect(
      await movesEpoch(() =>
        dataSource.query(`UPDATE custom_emojis SET disabled = true WHERE shortcode = 'blobcat'`),
      ),
    ).toBe(false);
    expect(
      await movesEpoch(() =>
        dataSource.query(`UPDATE user_roles SET highlighted = NOT highlighted`),
      ),
    ).toBe(true);
    expect(
      await movesEpoch(() =>
        dataSource.query(
          `INSERT INTO oauth_applications (name, uid, secret_digest, redirect_uri, scopes) VALUES ('App', 'uid-x', 'digest', 'urn:ietf:wg:oauth:2.0:oob', 'read')`,
        ),
      ),
    ).toBe(true);
    const [tag] = await dataSource.query(`INSERT INTO tags (name) VALUES ('dogs') RETURNING id`);
    expect(
      await movesEpoch(() =>
        dataSource.query(`UPDATE tags SET last_status_at = now() WHERE id = $1`, [tag.id]),
      ),
    ).toBe(false);
    expect(
      await movesEpoch(() =>
        dataSource.query(`UPDATE tags SET display_name = 'Dogs' WHERE id = $1`, [tag.id]),
      ),
    ).toBe(true);
  });
});
