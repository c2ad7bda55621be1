import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEnvFiles } from './env-files';

describe('loadEnvFiles', () => {
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'nestodon-env-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const write = (name: string, text: string) => writeFileSync(join(directory, name), text);

  it('reads the file of NODE_ENV over .env, and the real environment over both', () => {
    write('.env', 'PORT=3100\nINSTANCE_TITLE=From dotenv\nLOG_LEVEL=debug\n');
    write('.env.production', '# production\nPORT=3200\nINSTANCE_TITLE="Production title"\n');
    write('.env.development', 'PORT=3300\n');
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production', LOG_LEVEL: 'warn' };

    const read = loadEnvFiles(directory, env);

    expect(read).toEqual([join(directory, '.env.production'), join(directory, '.env')]);
    expect(env).toEqual({
      NODE_ENV: 'production',
      PORT: '3200',
      INSTANCE_TITLE: 'Production title',
      LOG_LEVEL: 'warn',
    });
  });

  it('takes NODE_ENV from .env when the environment has none, development otherwise', () => {
    write('.env', 'NODE_ENV=test\n');
    write('.env.test', 'PORT=3400\n');
    write('.env.development', 'PORT=3500\n');
    const fromFile: NodeJS.ProcessEnv = {};
    loadEnvFiles(directory, fromFile);
    expect(fromFile).toEqual({ NODE_ENV: 'test', PORT: '3400' });

    rmSync(join(directory, '.env'));
    const byDefault: NodeJS.ProcessEnv = {};
    loadEnvFiles(directory, byDefault);
    expect(byDefault).toEqual({ PORT: '3500' });
  });

  it('reads nothing when there are no files', () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
    expect(loadEnvFiles(directory, env)).toEqual([]);
    expect(env).toEqual({ NODE_ENV: 'production' });
  });
});
