import { Injectable } from '@nestjs/common';
import { CollatedUniqueIndex, DuplicateRepairRepository } from '@nestodon/domain';

/** What one run repaired, for the operator. */
export interface DuplicateRepairReport {
  /** One line per repaired group, as tootctl prints them. */
  lines: string[];
  /** Groups of duplicates found. */
  groups: number;
  reindexed: string[];
}

/**
 * `maintenance fix-duplicates` (tootctl's name), for a database whose text indexes were
 * corrupted by a collation change: for every unique index on text, duplicate rows are found by
 * scanning the table and repaired as Mastodon does — users sharing an address have the
 * address of all but the most recently updated one prefixed with a number; local accounts
 * sharing a username keep the oldest unchanged and the others are renamed `name_N`; remote
 * accounts are merged into their freshest copy; every other row is merged into the oldest,
 * with everything that referred to the duplicates moved to it. Then every collated index is
 * rebuilt. Run it with the server stopped, after a backup.
 */
@Injectable()
export class FixDuplicatesService {
  constructor(private readonly repair: DuplicateRepairRepository) {}

  async call(): Promise<DuplicateRepairReport> {
    const report: DuplicateRepairReport = { lines: [], groups: 0, reindexed: [] };
    for (const index of await this.repair.collatedUniqueIndexes()) {
      const groups = await this.repair.duplicateGroups(index);
      for (const ids of groups) {
        report.lines.push(...(await this.repairGroup(index, ids)));
      }
      report.groups += groups.length;
      if (groups.length) await this.repair.reindex(index.name);
    }
    for (const name of await this.repair.collatedIndexNames()) {
      await this.repair.reindex(name);
      report.reindexed.push(name);
    }
    return report;
  }

  private async repairGroup(index: CollatedUniqueIndex, ids: string[]): Promise<string[]> {
    if (index.table === 'users') return this.setAsideEmails(ids);
    if (index.table === 'accounts') {
      const local = await this.repair.localAccountIds(ids);
      if (local.length === ids.length) return this.renameLocalAccounts(local);
      const keep = await this.repair.newestOf('accounts', ids);
      return this.merge(index, keep, ids);
    }
    return this.merge(index, ids[0], ids);
  }

  private async setAsideEmails(ids: string[]): Promise<string[]> {
    const keep = await this.repair.newestOf('users', ids);
    const labels = await this.repair.userLabels(ids);
    const others = ids.filter((id) => id !== keep);
    for (const [position, id] of others.entries()) {
      await this.repair.setAsideEmail(id, position + 1);
    }
    return [
      `Users ${[keep, ...others].map((id) => labels.get(id)).join(', ')} shared an e-mail address; ` +
        `it stays with ${labels.get(keep)}, the others' now starts with a number: ` +
        'reach out to them and set another with `accounts modify --email`.',
    ];
  }

  private async renameLocalAccounts([keep, ...others]: string[]): Promise<string[]> {
    const lines: string[] = [];
    for (const id of others) {
      const username = await this.repair.renameLocalAccount(id);
      lines.push(
        `Local account ${id} shared its username with account ${keep}: renamed ${username}.`,
      );
    }
    return lines;
  }

  private async merge(index: CollatedUniqueIndex, keep: string, ids: string[]): Promise<string[]> {
    const duplicates = ids.filter((id) => id !== keep);
    await this.repair.mergeInto(
      index.table,
      keep,
      duplicates,
      await this.repair.referencesTo(index.table),
    );
    return [`Merged ${index.table} ${duplicates.join(', ')} into ${keep} (${index.name}).`];
  }
}
