import {
  createLocalAccount,
  createRemoteAccount,
  createStatus,
  insertFollow,
} from '@nestodon/testing';
import { CliHarness, startCli } from './support/cli-harness';

/**
 * A collation change corrupts a unique index by leaving rows out of it; here an index is made
 * not to take new rows for a moment (`indisready`), which lets duplicates in the same way and
 * leaves the index missing them, as after a C library upgrade.
 */
describe('operator CLI: maintenance fix-duplicates', () => {
  let cli: CliHarness;

  beforeAll(async () => {
    cli = await startCli();
  });
  afterAll(() => cli.close());

  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    cli.dataSource.query(sql, params) as Promise<T[]>;

  async function withIndexBypassed(index: string, insert: () => Promise<void>): Promise<void> {
    await query(`UPDATE pg_index SET indisready = false WHERE indexrelid = $1::regclass`, [index]);
    try {
      await insert();
    } finally {
      await query(`UPDATE pg_index SET indisready = true WHERE indexrelid = $1::regclass`, [index]);
    }
  }

  it('refuses to start without --yes, and changes nothing on a sound database', async () => {
    await expect(cli.run('maintenance', 'fix-duplicates')).rejects.toThrow(/--yes/);
    const output = await cli.run('maintenance', 'fix-duplicates', '--yes');
    expect(output).toContain('Finished!');
    expect(output.join('\n')).toMatch(/Repaired 0 group\(s\) of duplicates; rebuilt \d+ index/);
  });

  it('merges duplicated tags and remote accounts, moving what referred to them', async () => {
    const [{ id: tagId }] = await query<{ id: string }>(
      `INSERT INTO tags (name) VALUES ('dupetag') RETURNING id::text`,
    );
    const fan = (await createLocalAccount(cli.dataSource)).account;
    const older = await createRemoteAccount(cli.dataSource, {
      username: 'twin',
      domain: 'dupes.example',
    });
    const olderStatus = await createStatus(cli.dataSource, older);
    await insertFollow(cli.dataSource, fan, older);

    let copyTagId = '';
    await withIndexBypassed('index_tags_on_name', async () => {
      [{ id: copyTagId }] = await query<{ id: string }>(
        `INSERT INTO tags (name) VALUES ('dupetag') RETURNING id::text`,
      );
    });
    let newerId = '';
    await withIndexBypassed('index_accounts_on_username_and_domain_lower', async () => {
      const newer = await createRemoteAccount(cli.dataSource, {
        username: 'Twin',
        domain: 'dupes.example',
        uri: 'https://dupes.example/users/twin-2',
      });
      newerId = newer.id;
    });
    const newerStatus = await createStatus(cli.dataSource, { id: newerId, domain: 'x' });
    await query(`INSERT INTO statuses_tags (status_id, tag_id) VALUES ($1, $2), ($3, $4)`, [
      olderStatus.id,
      tagId,
      newerStatus.id,
      copyTagId,
    ]);
    // The follower follows both copies: one follow must survive the merge, not two.
    await insertFollow(cli.dataSource, fan, { id: newerId });

    const output = await cli.run('maintenance', 'fix-duplicates', '--yes');

    expect(output).toEqual(
      expect.arrayContaining([
        `Merged tags ${copyTagId} into ${tagId} (index_tags_on_name).`,
        `Merged accounts ${older.id} into ${newerId} (index_accounts_on_username_and_domain_lower).`,
        expect.stringMatching(/^Repaired 2 group\(s\) of duplicates/),
      ]),
    );
    expect(await query(`SELECT id::text FROM tags WHERE name = 'dupetag'`)).toEqual([
      { id: tagId },
    ]);
    expect(
      await query(`SELECT status_id::text FROM statuses_tags WHERE tag_id = $1 ORDER BY 1`, [
        tagId,
      ]),
    ).toEqual([{ status_id: olderStatus.id }, { status_id: newerStatus.id }]);
    expect(await query(`SELECT id::text FROM accounts WHERE domain = 'dupes.example'`)).toEqual([
      { id: newerId },
    ]);
    expect(
      await query(`SELECT account_id::text FROM statuses WHERE id = ANY($1::bigint[])`, [
        [olderStatus.id, newerStatus.id],
      ]),
    ).toEqual([{ account_id: newerId }, { account_id: newerId }]);
    expect(
      await query(`SELECT target_account_id::text FROM follows WHERE account_id = $1`, [fan.id]),
    ).toEqual([{ target_account_id: newerId }]);
    // The rebuilt indexes hold every row again: a third copy is refused.
    await expect(query(`INSERT INTO tags (name) VALUES ('dupetag')`)).rejects.toThrow(/unique/);
  });

  it('renames local accounts sharing a username and sets aside shared e-mail addresses', async () => {
    const first = await createLocalAccount(
      cli.dataSource,
      { username: 'samename' },
      { email: 'shared@example.test' },
    );
    let second = first;
    await withIndexBypassed('index_accounts_on_username_and_domain_lower', async () => {
      await withIndexBypassed('index_users_on_email_lower', async () => {
        second = await createLocalAccount(
          cli.dataSource,
          { username: 'SameName' },
          { email: 'Shared@example.test' },
        );
      });
    });
    await query(`UPDATE users SET updated_at = now() + interval '1 minute' WHERE id = $1`, [
      second.user.id,
    ]);

    const output = await cli.run('maintenance', 'fix-duplicates', '--yes');

    expect(output).toEqual(
      expect.arrayContaining([
        `Local account ${second.account.id} shared its username with account ${first.account.id}: renamed SameName_2.`,
        expect.stringMatching(
          /^Users SameName_2, samename shared an e-mail address; it stays with SameName_2,/,
        ),
      ]),
    );
    const accounts = await query(
      `SELECT a.username, u.email FROM accounts a JOIN users u ON u.account_id = a.id
        WHERE a.id = ANY($1::bigint[]) ORDER BY a.id`,
      [[first.account.id, second.account.id]],
    );
    expect(accounts).toEqual([
      { username: 'samename', email: '1 shared@example.test' },
      { username: 'SameName_2', email: 'Shared@example.test' },
    ]);
  });
});
