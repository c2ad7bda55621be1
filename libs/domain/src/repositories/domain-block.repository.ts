import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainBlock } from '../entities/domain-block.entity';
import { Transaction } from '../transactions';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

export type DomainBlockValues = Pick<
  DomainBlock,
  'severity' | 'rejectMedia' | 'rejectReports' | 'privateComment' | 'publicComment' | 'obfuscate'
>;

/** Accounts of a domain or any subdomain of it. */
const OF_DOMAIN = `(domain = $1 OR domain LIKE '%.' || $1)`;

/** Instance-level domain blocks and their effect on the accounts they cover. */
@Injectable()
export class DomainBlockRepository {
  private readonly rows: EntityRowMapper<DomainBlock>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = new EntityRowMapper(dataSource, DomainBlock, 'b');
  }

  async page(page: IdPage): Promise<DomainBlock[]> {
    const params: unknown[] = [];
    const conditions: string[] = ['true'];
    const { tail, reverse } = idPageSql('b.id', page, conditions, params);
    const rows = await queryPreparedArrays(
      this.dataSource,
      `SELECT ${this.rows.select} FROM domain_blocks b WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    const blocks = rows.map((row) => this.rows.build(row, 0));
    return reverse ? blocks.reverse() : blocks;
  }

  /** Every block but the no-ops, by domain: the public list. */
  listed(): Promise<DomainBlock[]> {
    return this.dataSource
      .getRepository(DomainBlock)
      .createQueryBuilder('b')
      .where(`b.severity <> 'noop'`)
      .orderBy('b.domain')
      .getMany();
  }

  findById(id: string, tx?: Transaction): Promise<DomainBlock | null> {
    return this.manager(tx).getRepository(DomainBlock).findOneBy({ id });
  }

  /** Blocks of any of these domains (a domain and its parents). */
  findByDomains(domains: string[]): Promise<DomainBlock[]> {
    return this.dataSource
      .getRepository(DomainBlock)
      .createQueryBuilder('b')
      .where('b.domain = ANY(:domains)', { domains })
      .getMany();
  }

  insert(domain: string, values: DomainBlockValues, tx: Transaction): Promise<DomainBlock> {
    return tx.getRepository(DomainBlock).save({ domain, ...values });
  }

  async update(id: string, values: DomainBlockValues, tx: Transaction): Promise<void> {
    await tx.getRepository(DomainBlock).update({ id }, values);
  }

  async delete(id: string, tx: Transaction): Promise<void> {
    await tx.getRepository(DomainBlock).delete({ id });
  }

  /**
   * Silences or suspends the domain's accounts not already so, stamped with the block's time so
   * lifting it undoes exactly what it did (as Mastodon matches the timestamps).
   */
  async applyToAccounts(block: DomainBlock, tx: Transaction): Promise<void> {
    const column = { silence: 'silenced_at', suspend: 'suspended_at', noop: null }[block.severity];
    if (!column) return;
    await tx.query(
      `UPDATE accounts SET ${column} = $2, updated_at = now()
        WHERE ${OF_DOMAIN} AND ${column} IS NULL`,
      [block.domain, block.createdAt],
    );
  }

  /** Undoes applyToAccounts. */
  async liftFromAccounts(block: DomainBlock, tx: Transaction): Promise<void> {
    for (const column of ['silenced_at', 'suspended_at']) {
      await tx.query(
        `UPDATE accounts SET ${column} = NULL, updated_at = now()
          WHERE ${OF_DOMAIN} AND ${column} = $2`,
        [block.domain, block.createdAt],
      );
    }
  }

  private manager(tx?: Transaction) {
    return tx ?? this.dataSource.manager;
  }
}
