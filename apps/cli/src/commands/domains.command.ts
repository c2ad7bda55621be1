import {
  BlockInstanceDomainService,
  DomainModerationQueries,
  PurgeDomainService,
  UnblockInstanceDomainService,
} from '@nestodon/core';
import {
  DOMAIN_BLOCK_SEVERITIES,
  DomainBlockSeverity,
  normalizeDomain,
  ValidationError,
} from '@nestodon/domain';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

/** Every block, a page at a time (the admin API's order: newest first). */
async function allBlocks(queries: DomainModerationQueries) {
  const blocks = [];
  for (let maxId: string | undefined; ;) {
    const page = await queries.blockPage({ maxId, limit: 200 });
    blocks.push(...page);
    if (page.length < 200) return blocks;
    maxId = page[page.length - 1].id;
  }
}

/**
 * `domains block DOMAIN [--severity S] [--reject-media] [--reject-reports] [--comment C]`,
 * `domains unblock DOMAIN` and `domains list`: instance-level domain blocks from the shell,
 * with the admin API's rules (a block already covering the domain is refused);
 * `domains purge DOMAIN... [--dry-run] [--limited-federation-mode]`: every trace of servers
 * removed (with the mode: every server off the allow list), counted as tootctl.
 */
export function domainsCommand(runtime: CliRuntime): Command {
  const domains = new Command('domains').description('moderate other servers');

  domains
    .command('block <domain>')
    .description('block a server (and its subdomains) for the whole instance')
    .option('--severity <severity>', 'silence, suspend or noop', 'suspend')
    .option('--reject-media', 'do not fetch its media')
    .option('--reject-reports', 'ignore its reports')
    .option('--comment <text>', 'public comment')
    .option('--private-comment <text>', 'comment only staff see')
    .option('--obfuscate', 'show the domain partly hidden in public lists')
    .action(
      (
        domain: string,
        options: {
          severity: string;
          rejectMedia?: boolean;
          rejectReports?: boolean;
          comment?: string;
          privateComment?: string;
          obfuscate?: boolean;
        },
      ) =>
        runtime.withContext(async (app) => {
          if (!(DOMAIN_BLOCK_SEVERITIES as readonly string[]).includes(options.severity)) {
            throw new ValidationError(`Unknown severity ${options.severity}`);
          }
          const block = await app.get(BlockInstanceDomainService).call(null, domain, {
            severity: options.severity as DomainBlockSeverity,
            rejectMedia: options.rejectMedia ?? false,
            rejectReports: options.rejectReports ?? false,
            publicComment: options.comment ?? null,
            privateComment: options.privateComment ?? null,
            obfuscate: options.obfuscate ?? false,
          });
          runtime.print(`Blocked ${block.domain} (${block.severity})`);
        }),
    );

  domains
    .command('unblock <domain>')
    .description('lift the block of a server')
    .action((domain: string) =>
      runtime.withContext(async (app) => {
        const normalized = normalizeDomain(domain);
        const block = normalized
          ? await app.get(DomainModerationQueries).blockRuling(normalized)
          : null;
        if (!block || block.domain !== normalized) {
          throw new ValidationError(`${domain} is not blocked`);
        }
        await app.get(UnblockInstanceDomainService).call(null, block.id);
        runtime.print(`Unblocked ${block.domain}`);
      }),
    );

  domains
    .command('list')
    .description('list blocked servers: domain, severity, media and reports rejected')
    .action(() =>
      runtime.withContext(async (app) => {
        for (const block of await allBlocks(app.get(DomainModerationQueries))) {
          const flags = [
            block.rejectMedia ? 'reject_media' : null,
            block.rejectReports ? 'reject_reports' : null,
          ].filter(Boolean);
          runtime.print([block.domain, block.severity, ...flags].join('\t'));
        }
      }),
    );

  domains
    .command('purge [domains...]')
    .description('remove every account of servers without a trace, with their custom emojis')
    .option('--dry-run', 'count what would be removed, remove nothing')
    .option('--limited-federation-mode', 'purge every server not on the domain allow list')
    .action((names: string[], options: { dryRun?: boolean; limitedFederationMode?: boolean }) =>
      runtime.withContext(async (app) => {
        const purge = app.get(PurgeDomainService);
        const domains = options.limitedFederationMode ? await purge.domainsOffAllowList() : names;
        if (!options.limitedFederationMode && domains.length === 0) {
          throw new ValidationError('No domain(s) given');
        }
        const suffix = options.dryRun ? ' (DRY RUN)' : '';
        const total = { accounts: 0, customEmojis: 0 };
        for (const name of domains) {
          const counts = await purge.call(name, options);
          total.accounts += counts.accounts;
          total.customEmojis += counts.customEmojis;
        }
        runtime.print(`Removed ${total.accounts} accounts${suffix}`);
        runtime.print(`Removed ${total.customEmojis} custom emojis`);
      }),
    );

  return domains;
}
