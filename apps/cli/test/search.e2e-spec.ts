import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: search deploy', () => {
  let cliHarness: CliHarness;

  beforeAll(async () => {
    cliHarness = await startCli();
  });
  afterAll(() => cliHarness.close());

  const cli = (...args: string[]) => cliHarness.run(...args);

  it('rebuilds every search index, or only those asked for', async () => {
    expect(await cli('search', 'deploy')).toEqual([
      'Rebuilt statuses: index_statuses_on_search_vector',
      'Rebuilt accounts: index_accounts_on_username_trgm, index_accounts_on_display_name_trgm',
      'Rebuilt tags: index_tags_on_name',
      'OK',
    ]);
    expect(await cli('search', 'deploy', '--only', 'tags,accounts')).toEqual([
      'Rebuilt tags: index_tags_on_name',
      'Rebuilt accounts: index_accounts_on_username_trgm, index_accounts_on_display_name_trgm',
      'OK',
    ]);
  });

  it('refuses unknown index names', async () => {
    await expect(cli('search', 'deploy', '--only', 'instances')).rejects.toThrow(/Unknown index/);
  });
});
