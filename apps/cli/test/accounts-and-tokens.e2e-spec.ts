import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { digestToken } from '@nestodon/auth';
import { PasswordHasher } from '@nestodon/core';
import { Account, OAuthAccessToken, OAuthApplication, User } from '@nestodon/domain';
import { JobName, JobQueue, QueueName } from '@nestodon/queue';
import { createTestEnvironment, TestEnvironment } from '@nestodon/testing';
import { Command } from 'commander';
import { DataSource, IsNull } from 'typeorm';
import { CliModule, CliRuntime } from '../src/cli-runtime';
import { accountsCommand } from '../src/commands/accounts.command';
import { tokensCommand } from '../src/commands/tokens.command';

describe('operator CLI: accounts and tokens', () => {
  let environment: TestEnvironment;
  let app: INestApplicationContext;
  let dataSource: DataSource;
  let output: string[];

  beforeAll(async () => {
    environment = await createTestEnvironment({ env: { REGISTRATIONS_MODE: 'approved' } });
    app = await NestFactory.createApplicationContext(CliModule.forRoot(environment.config), {
      logger: false,
    });
    dataSource = app.get(DataSource);
  });
  afterAll(async () => {
    await app.close();
    await environment.teardown();
  });

  /** Runs the CLI in-process as `nestodon <args>` and returns what it printed. */
  async function cli(...args: string[]): Promise<string[]> {
    output = [];
    const runtime: CliRuntime = {
      withContext: (fn) => fn(app),
      print: (line) => output.push(line),
    };
    const program = new Command('nestodon')
      .addCommand(accountsCommand(runtime))
      .addCommand(tokensCommand(runtime));
    const quiet = (command: Command) => {
      command
        .exitOverride()
        .configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
      command.commands.forEach(quiet);
    };
    quiet(program);
    await program.parseAsync(args, { from: 'user' });
    return output;
  }

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
      const jobs = await app.get(JobQueue).queue(QueueName.Mailers).getJobs(['waiting', 'delayed']);
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
