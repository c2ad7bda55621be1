import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainAllow } from '../entities/domain-block.entity';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

/** The servers limited federation mode federates with. */
@Injectable()
export class DomainAllowRepository {
  private readonly rows: EntityRowMapper<DomainAllow>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = new EntityRowMapper(dataSource, DomainAllow, 'd');
  }

  async page(page: IdPage): Promise<DomainAllow[]> {
    const params: unknown[] = [];
    const conditions: string[] = ['true'];
    const { tail, reverse } = idPageSql('d.id', page, conditions, params);
    const rows = await queryPreparedArrays(
      this.dataSource,
      `SELECT ${this.rows.select} FROM domain_allows d WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    const allows = rows.map((row) => this.rows.build(row, 0));
    return reverse ? allows.reverse() : allows;
  }

  findById(id: string): Promise<DomainAllow | null> {
    return this.dataSource.getRepository(DomainAllow).findOneBy({ id });
  }

  /** The domain's allow, created unless it exists (then the existing one). */
  async findOrInsert(domain: string): Promise<{ allow: DomainAllow; created: boolean }> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO domain_allows (domain) VALUES ($1) ON CONFLICT (domain) DO NOTHING RETURNING id`,
      [domain],
    );
    const allow = await this.dataSource.getRepository(DomainAllow).findOneByOrFail({ domain });
    return { allow, created: inserted.length > 0 };
  }

  /** Whether the domain or a domain above it is allowed. */
  async covers(domains: string[]): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM domain_allows WHERE domain = ANY($1::varchar[]) LIMIT 1`,
      [domains],
    );
    return rows.length > 0;
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.getRepository(DomainAllow).delete({ id });
  }
}
