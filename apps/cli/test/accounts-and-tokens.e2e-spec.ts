import { INestApplicationContext } from '@nestjs/common';
import { digestToken } from '@nestodon/access';
import { PasswordHasher } from '@nestodon/core';
import { Account, OAuthAccessToken, OAuthApplication, User } from '@nestodon/domain';
import { JobName, JobQueue, QUEUE_OF_JOB } from '@nestodon/queue';
import { DataSource, IsNull } from 'typeorm';
import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: accounts and tokens', () => {
  let cliHarness: CliHarness;
  let app: INestApplicationContext;
  let dataSource: DataSource;

  beforeAll(async () => {
    cliHarness = await startCli({ env: { REGISTRATIONS_MODE: 'approved' } });
    ({ app, dataSource } = cliHarness);
  });
  afterAll(() => cliHarness.close());

  const cli = (...args: string[]) => cliHarness.run(...args);

  const userOf = async (username: string) => {
    const account = await dataSource
      .getRepository(Account)
      .findOneByOrFail({ username, domain: IsNull() });
    return dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.encryptedPassword')
      .where('u.account_id = :id', { id: account.id })
      .getOneOrFail();
  };

  describe('accounts rotate', () => {
    it("replaces the account's key pairs", async () => {
      await cli('accounts', 'create', 'rotator', '--email', 'rotator@example.com', '--confirmed');
      const keysOf = () =>
        dataSource
          .getRepository(Account)
          .createQueryBuilder('a')
          .addSelect(['a.privateKey', 'a.ed25519PrivateKey'])
          .where('a.username = :username AND a.domain IS NULL', { username: 'rotator' })
          .getOneOrFail();
      const before = await keysOf();
      expect(await cli('accounts', 'rotate', 'rotator')).toEqual(['OK']);
      const after = await keysOf();
      expect(after.publicKey).not.toBe(before.publicKey);
      expect(after.privateKey).not.toBe(before.privateKey);
      expect(after.ed25519PublicKey).not.toBe(before.ed25519PublicKey);
      await expect(cli('accounts', 'rotate', 'nobody')).rejects.toThrow(
        'No local account is named "nobody"',
      );
    });
  });

  describe('accounts create', () => {
    it('creates a confirmed, approved owner and prints a generated password', async () => {
      const lines = await cli(
        'accounts',
        'create',
        'admin',
        '--email',
        'Admin@Example.com',
        '--confirmed',
        '--approve',
        '--role',
        'owner',
      );
      expect(lines[0]).toBe('OK');
      const password = /^New password: ([0-9a-f]{32})$/.exec(lines[1])?.[1];
      expect(password).toBeDefined();
      const user = await userOf('admin');
      expect(user).toMatchObject({
        email: 'admin@example.com',
        approved: true,
        disabled: false,
        roleId: '3',
        agreement: true,
      });
      expect(user.confirmedAt).not.toBeNull();
      expect(await app.get(PasswordHasher).verify(user.encryptedPassword, password!)).toBe(true);
    });

    it('uses the given password, and leaves the account pending and unconfirmed by default', async () => {
      const lines = await cli(
        'accounts',
        'create',
        'carol',
        '--email',
        'carol@example.com',
        '--password',
        'carol password',
      );
      expect(lines).toEqual(['OK']);
      const user = await userOf('carol');
      expect(user).toMatchObject({ approved: false, confirmedAt: null, roleId: null });
      expect(await app.get(PasswordHasher).verify(user.encryptedPassword, 'carol password')).toBe(
        true,
      );
      // The confirmation mail is queued for the worker.
      const jobs = await app
        .get(JobQueue)
        .queue(QUEUE_OF_JOB[JobName.SendConfirmationEmail])
        .getJobs(['waiting', 'delayed']);
      expect(
        jobs.some(
          (job) => job.name === JobName.SendConfirmationEmail && job.data.userId === user.id,
        ),
      ).toBe(true);
    });

    it('fails clearly for unknown roles, bad input and taken names, creating nothing', async () => {
      await expect(
        cli('accounts', 'create', 'dave', '--email', 'dave@example.com', '--role', 'Overlord'),
      ).rejects.toThrow('No role is named "Overlord"');
      await expect(
        cli('accounts', 'create', 'dave', '--email', 'not-an-address', '--password', 'short'),
      ).rejects.toThrow(
        'Validation failed: Email is invalid, Password is too short (minimum is 8 characters)',
      );
      await expect(
        cli('accounts', 'create', 'CAROL', '--email', 'other@example.com'),
      ).rejects.toThrow('Validation failed: Username has already been taken');
      expect(await dataSource.getRepository(Account).countBy({ username: 'dave' })).toBe(0);
      await expect(cli('accounts', 'create', 'erin')).rejects.toThrow(/--email/);
    });
  });

  describe('accounts modify', () => {
    it('confirms, approves, disables, enables and changes roles', async () => {
      await cli('accounts', 'create', 'frank', '--email', 'frank@example.com');
      expect(await cli('accounts', 'modify', 'Frank', '--confirm', '--approve')).toEqual(['OK']);
      let user = await userOf('frank');
      expect(user.confirmedAt).not.toBeNull();
      expect(user.approved).toBe(true);

      await cli('accounts', 'modify', 'frank', '--role', 'MODERATOR', '--disable');
      user = await userOf('frank');
      expect(user).toMatchObject({ roleId: '1', disabled: true });

      await cli('accounts', 'modify', 'frank', '--enable', '--remove-role');
      user = await userOf('frank');
      expect(user).toMatchObject({ roleId: null, disabled: false });
    });

    it('applies a pending address change on --confirm', async () => {
      await cli('accounts', 'create', 'gina', '--email', 'gina@example.com', '--confirmed');
      await dataSource
        .getRepository(User)
        .update({ email: 'gina@example.com' }, { unconfirmedEmail: 'gina@new.example' });
      await cli('accounts', 'modify', 'gina', '--confirm');
      expect(await userOf('gina')).toMatchObject({
        email: 'gina@new.example',
        unconfirmedEmail: null,
      });
    });

    it('fails clearly for unknown accounts, unknown roles and contradictions', async () => {
      await expect(cli('accounts', 'modify', 'nobody', '--approve')).rejects.toThrow(
        'No local account is named "nobody"',
      );
      await expect(cli('accounts', 'modify', 'frank', '--role', 'Overlord')).rejects.toThrow(
        'No role is named "Overlord"',
      );
      await expect(cli('accounts', 'modify', 'frank', '--disable', '--enable')).rejects.toThrow(
        'Choose either --disable or --enable',
      );
    });
  });

  describe('accounts modify --email and --reset-password', () => {
    it('puts a new address up for confirmation, or in place with --confirm', async () => {
      await cli('accounts', 'create', 'hana', '--email', 'hana@example.com', '--confirmed');
      expect(await cli('accounts', 'modify', 'hana', '--email', 'Hana@New.example')).toEqual([
        'OK',
      ]);
      expect(await userOf('hana')).toMatchObject({
        email: 'hana@example.com',
        unconfirmedEmail: 'hana@new.example',
      });
      const jobs = await app
        .get(JobQueue)
        .queue(QUEUE_OF_JOB[JobName.SendConfirmationEmail])
        .getJobs(['waiting', 'delayed']);
      const hana = await userOf('hana');
      expect(jobs.filter((job) => job.data.userId === hana.id)).toHaveLength(1);

      await cli('accounts', 'modify', 'hana', '--email', 'hana@other.example', '--confirm');
      expect(await userOf('hana')).toMatchObject({
        email: 'hana@other.example',
        unconfirmedEmail: null,
      });
      await expect(
        cli('accounts', 'modify', 'hana', '--email', 'carol@example.com'),
      ).rejects.toThrow('Validation failed: Email has already been taken');
      await expect(cli('accounts', 'modify', 'hana', '--email', 'not-an-address')).rejects.toThrow(
        'Validation failed: Email is invalid',
      );
    });

    it('replaces the password, prints it, and revokes every token', async () => {
      const first = await cli('tokens', 'create', 'hana');
      const token = first[first.length - 1];
      const lines = await cli('accounts', 'modify', 'hana', '--reset-password');
      expect(lines[0]).toBe('OK');
      const password = /^New password: ([0-9a-f]{32})$/.exec(lines[1])?.[1];
      expect(password).toBeDefined();
      const user = await userOf('hana');
      expect(await app.get(PasswordHasher).verify(user.encryptedPassword, password!)).toBe(true);
      const row = await dataSource
        .getRepository(OAuthAccessToken)
        .findOneByOrFail({ tokenDigest: digestToken(token) });
      expect(row.revokedAt).not.toBeNull();
    });
  });

  describe('accounts approve', () => {
    const pending = async (...names: string[]) => {
      for (const name of names) {
        await cli('accounts', 'create', name, '--email', `${name}@example.com`, '--confirmed');
      }
    };
    const approved = async (...names: string[]) =>
      Promise.all(names.map(async (name) => (await userOf(name)).approved));

    it('approves one by name, the oldest N, or all, and the approved follow the recommended', async () => {
      await pending('ivan', 'jade', 'kim', 'lou', 'max');
      await cli('recommendations', 'add', 'admin');
      expect(await cli('accounts', 'approve', 'kim')).toEqual(['OK']);
      expect(await approved('ivan', 'jade', 'kim', 'lou', 'max')).toEqual([
        false,
        false,
        true,
        false,
        false,
      ]);
      const [{ count }] = await dataSource.query(
        `SELECT count(*)::int AS count FROM follows f JOIN accounts a ON a.id = f.account_id
          WHERE a.username = 'kim'`,
      );
      expect(count).toBe(1);

      // Earlier tests left pending users too: the oldest two of all are approved.
      const waiting: Array<{ username: string }> = await dataSource.query(
        `SELECT a.username FROM users u JOIN accounts a ON a.id = u.account_id
          WHERE NOT u.approved ORDER BY u.created_at, u.id`,
      );
      const names = waiting.map((row) => row.username);
      expect(names).toEqual(expect.arrayContaining(['ivan', 'jade', 'lou', 'max']));
      expect(await cli('accounts', 'approve', '--number', '2')).toEqual(['OK']);
      expect(await approved(...names)).toEqual(names.map((_, index) => index < 2));
      expect(await cli('accounts', 'approve', '--all')).toEqual(['OK']);
      expect(await approved(...names)).toEqual(names.map(() => true));
    });

    it('fails clearly', async () => {
      await expect(cli('accounts', 'approve')).rejects.toThrow('No account(s) given');
      await expect(cli('accounts', 'approve', '-n', '0')).rejects.toThrow(
        'Number must be positive',
      );
      await expect(cli('accounts', 'approve', '-n', 'many')).rejects.toThrow(/Not a whole number/);
      await expect(cli('accounts', 'approve', 'nobody')).rejects.toThrow(
        'No local account is named "nobody"',
      );
    });
  });

  describe('tokens create', () => {
    it('prints a working token on the last line, issued to the reused CLI app', async () => {
      const first = await cli('tokens', 'create', 'admin');
      const second = await cli('tokens', 'create', 'ADMIN');
      const token = first[first.length - 1];
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(second[second.length - 1]).not.toBe(token);

      const row = await dataSource
        .getRepository(OAuthAccessToken)
        .findOneByOrFail({ tokenDigest: digestToken(token) });
      const admin = await userOf('admin');
      expect(row).toMatchObject({ resourceOwnerId: admin.id, scopes: 'read write follow push' });
      const apps = await dataSource
        .getRepository(OAuthApplication)
        .findBy({ name: 'Nestodon CLI' });
      expect(apps).toHaveLength(1);
      expect(row.applicationId).toBe(apps[0].id);
    });

    it('takes scopes and an app name, widening the app when needed', async () => {
      const lines = await cli(
        'tokens',
        'create',
        'carol',
        '--scopes',
        'read:accounts',
        '--app',
        'Scripts',
      );
      expect(lines[0]).toBe('Access token for @carol (app "Scripts", scopes: read:accounts):');
      await cli(
        'tokens',
        'create',
        'carol',
        '--scopes',
        'read:accounts write:statuses',
        '--app',
        'Scripts',
      );
      const app_ = await dataSource
        .getRepository(OAuthApplication)
        .findOneByOrFail({ name: 'Scripts' });
      expect(app_.scopes.split(' ').sort()).toEqual(['read:accounts', 'write:statuses']);
      expect(app_.redirectUri).toBe('urn:ietf:wg:oauth:2.0:oob');
    });

    it('fails clearly for unknown users and scopes', async () => {
      await expect(cli('tokens', 'create', 'nobody')).rejects.toThrow(
        'No local account is named "nobody"',
      );
      await expect(cli('tokens', 'create', 'admin', '--scopes', 'read admin')).rejects.toThrow(
        'Unknown scope: admin',
      );
    });
  });
});
