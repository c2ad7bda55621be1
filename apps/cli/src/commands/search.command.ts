import { DeploySearchService, SEARCH_INDEX_KINDS } from '@nestodon/core';
import { SearchIndexKind } from '@nestodon/domain';
import { Command, InvalidArgumentError } from 'commander';
import { CliRuntime } from '../cli-runtime';

function kindsOption(value: string, previous: SearchIndexKind[] = []): SearchIndexKind[] {
  const kinds = value.split(/[\s,]+/).filter(Boolean);
  for (const kind of kinds) {
    if (!(SEARCH_INDEX_KINDS as string[]).includes(kind)) {
      throw new InvalidArgumentError(`Unknown index, use ${SEARCH_INDEX_KINDS.join(', ')}.`);
    }
  }
  return [...previous, ...(kinds as SearchIndexKind[])];
}

export function searchCommand(runtime: CliRuntime): Command {
  const search = new Command('search').description('manage the full-text search indexes');

  search
    .command('deploy')
    .description(
      'rebuild the search indexes (PostgreSQL keeps them current; use after bulk imports)',
    )
    .option('--only <indexes>', `only these (${SEARCH_INDEX_KINDS.join(', ')})`, kindsOption)
    .action((options: { only?: SearchIndexKind[] }) =>
      runtime.withContext(async (app) => {
        const rebuilt = await app.get(DeploySearchService).call(options.only);
        for (const { kind, indexes } of rebuilt) {
          runtime.print(`Rebuilt ${kind}: ${indexes.length ? indexes.join(', ') : 'no index'}`);
        }
        runtime.print('OK');
      }),
    );

  return search;
}
