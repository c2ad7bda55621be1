import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { dataSourceOptions, EphemeralStateRepository, Setting } from '@nestodon/domain';
import { createTestEnvironment, TestEnvironment } from '@nestodon/testing';
import { DataSource } from 'typeorm';

const ROOT = resolve(__dirname, '../../..');
const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The operator CLI as operators run it: `npm run -s cli -- …` in its own process, on the code
 * `npm install` built (jest's global setup builds it once per run), against a real database.
 */
describe('operator CLI as a process', () => {
  let environment: TestEnvironment;
  let dataSource: DataSource;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    const { config } = environment;
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATABASE_URL: config.database.url,
      DB_POOL: '2',
      REDIS_URL: config.redis.url,
      REDIS_NAMESPACE: config.redis.namespace.replace(/:$/, ''),
      LOG_LEVEL: 'silent',
    };
    dataSource = new DataSource(dataSourceOptions({ url: config.database.url, poolSize: 1 }));
    await dataSource.initialize();
  }, 60_000);
  afterAll(async () => {
    await dataSource.destroy();
    await environment.teardown();
  });

  async function cli(args: string[], options: { env?: NodeJS.ProcessEnv } = {}) {
    return outcome(
      run('npm', ['run', '-s', 'cli', '--', ...args], { cwd: ROOT, env: options.env ?? env }),
    );
  }

  async function outcome(execution: Promise<{ stdout: string; stderr: string }>): Promise<Outcome> {
    try {
      const { stdout, stderr } = await execution;
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  it('lists its commands with --help and exits 0', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['accounts', 'cache', 'db', 'feeds', 'settings', 'statuses', 'tokens']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const accounts = await cli(['accounts', '--help']);
    expect(accounts.code).toBe(0);
    expect(accounts.stdout).toMatch(/create .*\n[\s\S]*modify[\s\S]*delete[\s\S]*approve/);
  });

  it('runs two commands at once, both to success', async () => {
    const [settings, account] = await Promise.all([
      cli(['settings', 'registrations', 'close']),
      cli(['accounts', 'create', 'concurrent', '--email', 'concurrent@example.com']),
    ]);
    expect(settings).toEqual({ code: 0, stdout: 'OK\n', stderr: '' });
    expect(account.code).toBe(0);
    expect(account.stdout).toMatch(/^OK\nNew password: [0-9a-f]{32}\n$/);
    expect(
      await dataSource.getRepository(Setting).findOneByOrFail({ var: 'registrations_mode' }),
    ).toMatchObject({ value: 'none' });
  });

  it('exits 1 with the reason on standard error when a command fails', async () => {
    const unknownAccount = await cli(['accounts', 'modify', 'nobody', '--approve']);
    expect(unknownAccount).toEqual({
      code: 1,
      stdout: '',
      stderr: 'No local account is named "nobody"\n',
    });
    const unknownCommand = await cli(['accounts', 'explode']);
    expect(unknownCommand.code).toBe(1);
    expect(unknownCommand.stderr).toContain("unknown command 'explode'");
  });

  it('clears the caches kept in PostgreSQL when running without Redis', async () => {
    const state = new EphemeralStateRepository(dataSource);
    await state.put('cache:filters:1', '[]', null);
    await state.put('session:kept', '{}', null);
    const cleared = await cli(['cache', 'clear'], { env: { ...env, USE_REDIS: 'never' } });
    expect(cleared).toEqual({ code: 0, stdout: 'OK\n', stderr: '' });
    expect([...(await state.values(['cache:filters:1', 'session:kept'])).keys()]).toEqual([
      'session:kept',
    ]);
  });

  it('exits 78 naming the variable when the configuration is bad', async () => {
    const bad = await cli(['cache', 'clear'], { env: { ...env, REDIS_URL: 'http://nope' } });
    expect(bad.code).toBe(78);
    expect(bad.stderr).toContain('REDIS_URL');
  });

  it('reads .env.<NODE_ENV> and .env from the working directory, under the real environment', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'nestodon-cli-env-'));
    try {
      const { DATABASE_URL, REDIS_NAMESPACE, ...rest } = env;
      writeFileSync(
        join(directory, '.env'),
        `DATABASE_URL=${DATABASE_URL}\nREDIS_URL=http://nope\n`,
      );
      writeFileSync(
        join(directory, '.env.test'),
        `REDIS_NAMESPACE=${REDIS_NAMESPACE}\nREDIS_URL=${env.REDIS_URL}\n`,
      );
      const result = await outcome(
        run(
          process.execPath,
          [join(ROOT, 'dist/apps/cli/src/main.js'), 'settings', 'registrations', 'open'],
          {
            cwd: directory,
            env: { ...rest, REDIS_URL: undefined },
          },
        ),
      );
      expect(result).toEqual({ code: 0, stdout: 'OK\n', stderr: '' });
      expect(
        await dataSource.getRepository(Setting).findOneByOrFail({ var: 'registrations_mode' }),
      ).toMatchObject({ value: 'open' });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
