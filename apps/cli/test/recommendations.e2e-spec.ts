import { RecommendedAccount } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: recommendations', () => {
  let cliHarness: CliHarness;
  let dataSource: DataSource;

  beforeAll(async () => {
    cliHarness = await startCli();
    dataSource = cliHarness.dataSource;
  });
  afterAll(() => cliHarness.close());

  const cli = (...args: string[]) => cliHarness.run(...args);

  it('adds, lists and removes recommended accounts', async () => {
    await createLocalAccount(dataSource, { username: 'Welcome' });
    await createLocalAccount(dataSource, { username: 'news' });
    expect(await cli('recommendations', 'list')).toEqual(['No accounts are recommended']);
    expect(await cli('recommendations', 'add', 'welcome')).toEqual(['@Welcome is recommended']);
    await cli('recommendations', 'add', '@news');
    await cli('recommendations', 'add', 'news');
    expect(await cli('recommendations', 'list')).toEqual(['@Welcome', '@news']);
    expect(await dataSource.getRepository(RecommendedAccount).count()).toBe(2);
    expect(await cli('recommendations', 'remove', 'WELCOME')).toEqual([
      '@Welcome is no longer recommended',
    ]);
    expect(await cli('recommendations', 'list')).toEqual(['@news']);
  });

  it('refuses unknown names', async () => {
    await expect(cli('recommendations', 'add', 'nobody')).rejects.toThrow(
      'No local account is named "nobody"',
    );
  });
});
