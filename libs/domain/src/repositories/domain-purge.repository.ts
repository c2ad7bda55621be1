import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import { Account } from '../entities/account.entity';

/**
 * What `domains purge` (tootctl's) reads and removes of a server beside its accounts: the
 * accounts to delete a page at a time, its custom emojis and its domain blocks. Domains are
 * matched exactly (lower case, with the port if any), as tootctl does.
 */
@Injectable()
export class DomainPurgeRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The server's accounts in id order after `afterId`. */
  accountsOf(domain: string, afterId: string, limit: number): Promise<Account[]> {
    return this.dataSource.getRepository(Account).find({
      where: { domain, id: MoreThan(afterId) },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  /** The domains of known remote accounts no domain allow covers (its own or a parent's). */
  async domainsOffAllowList(): Promise<string[]> {
    const rows: Array<{ domain: string }> = await this.dataSource.query(
      `SELECT DISTINCT a.domain FROM accounts a
        WHERE a.domain IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM domain_allows d
                           WHERE a.domain = d.domain OR a.domain LIKE '%.' || d.domain)
        ORDER BY a.domain`,
    );
    return rows.map((row) => row.domain);
  }

  async accountCount(domain: string): Promise<number> {
    return this.dataSource.getRepository(Account).countBy({ domain });
  }

  async customEmojiCount(domain: string): Promise<number> {
    const [row]: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM custom_emojis WHERE domain = $1`,
      [domain],
    );
    return row.count;
  }

  async deleteCustomEmojis(domain: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM custom_emojis WHERE domain = $1`, [domain]);
  }

  async deleteDomainBlocks(domain: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM domain_blocks WHERE domain = $1`, [domain]);
  }
}
