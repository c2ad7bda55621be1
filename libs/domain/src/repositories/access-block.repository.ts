import { Injectable } from '@nestjs/common';
import { DataSource, ObjectLiteral } from 'typeorm';
import {
  CanonicalEmailBlock,
  EmailDomainBlock,
  IpBlock,
  IpBlockSeverity,
} from '../entities/access-block.entity';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

export type IpBlockValues = Pick<IpBlock, 'ip' | 'severity' | 'comment' | 'expiresAt'>;

/** The three tables of sign-up and access blocks share their paging. */
type BlockTable = 'email_domain_blocks' | 'canonical_email_blocks' | 'ip_blocks';

/** E-mail domain, canonical e-mail and IP blocks. */
@Injectable()
export class AccessBlockRepository {
  private readonly mappers: { [T in BlockTable]: EntityRowMapper<ObjectLiteral> };

  constructor(private readonly dataSource: DataSource) {
    this.mappers = {
      email_domain_blocks: new EntityRowMapper(dataSource, EmailDomainBlock, 'b'),
      canonical_email_blocks: new EntityRowMapper(dataSource, CanonicalEmailBlock, 'b'),
      ip_blocks: new EntityRowMapper(dataSource, IpBlock, 'b'),
    };
  }

  emailDomainBlockPage(page: IdPage): Promise<EmailDomainBlock[]> {
    return this.page('email_domain_blocks', page) as Promise<EmailDomainBlock[]>;
  }

  canonicalEmailBlockPage(page: IdPage): Promise<CanonicalEmailBlock[]> {
    return this.page('canonical_email_blocks', page) as Promise<CanonicalEmailBlock[]>;
  }

  ipBlockPage(page: IdPage): Promise<IpBlock[]> {
    return this.page('ip_blocks', page) as Promise<IpBlock[]>;
  }

  findEmailDomainBlock(id: string): Promise<EmailDomainBlock | null> {
    return this.dataSource.getRepository(EmailDomainBlock).findOneBy({ id });
  }

  findCanonicalEmailBlock(id: string): Promise<CanonicalEmailBlock | null> {
    return this.dataSource.getRepository(CanonicalEmailBlock).findOneBy({ id });
  }

  findIpBlock(id: string): Promise<IpBlock | null> {
    return this.dataSource.getRepository(IpBlock).findOneBy({ id });
  }

  /** Blocks of any of these domains. */
  emailDomainBlocksOf(domains: string[]): Promise<EmailDomainBlock[]> {
    if (domains.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(EmailDomainBlock)
      .createQueryBuilder('b')
      .where('b.domain = ANY(:domains)', { domains })
      .getMany();
  }

  async anyEmailDomainBlock(): Promise<boolean> {
    return (await this.dataSource.query(`SELECT 1 FROM email_domain_blocks LIMIT 1`)).length > 0;
  }

  canonicalEmailBlocksWithHash(hash: string): Promise<CanonicalEmailBlock[]> {
    return this.dataSource.getRepository(CanonicalEmailBlock).findBy({ canonicalEmailHash: hash });
  }

  /** Unexpired blocks whose range contains the address. */
  ipBlocksContaining(ip: string, severities: readonly IpBlockSeverity[]): Promise<IpBlock[]> {
    return this.dataSource
      .getRepository(IpBlock)
      .createQueryBuilder('b')
      .where('b.ip >>= :ip::inet', { ip })
      .andWhere('b.severity = ANY(:severities)', { severities })
      .andWhere('(b.expires_at IS NULL OR b.expires_at > now())')
      .getMany();
  }

  /** The unexpired no_access ranges, as `address/prefix`. */
  async noAccessRanges(): Promise<string[]> {
    const rows: Array<{ range: string }> = await this.dataSource.query(
      `SELECT text(ip) AS range FROM ip_blocks
        WHERE severity = 'no_access' AND (expires_at IS NULL OR expires_at > now())`,
    );
    return rows.map((row) => row.range);
  }

  insertEmailDomainBlock(domain: string, allowWithApproval: boolean): Promise<EmailDomainBlock> {
    return this.dataSource.getRepository(EmailDomainBlock).save({ domain, allowWithApproval });
  }

  insertCanonicalEmailBlock(hash: string): Promise<CanonicalEmailBlock> {
    return this.dataSource
      .getRepository(CanonicalEmailBlock)
      .save({ canonicalEmailHash: hash, referenceAccountId: null });
  }

  insertIpBlock(values: IpBlockValues): Promise<IpBlock> {
    return this.dataSource.getRepository(IpBlock).save(values);
  }

  async updateIpBlock(id: string, values: IpBlockValues): Promise<void> {
    await this.dataSource.getRepository(IpBlock).update({ id }, values);
  }

  async delete(table: BlockTable, id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
  }

  private async page(table: BlockTable, page: IdPage): Promise<ObjectLiteral[]> {
    const mapper = this.mappers[table];
    const params: unknown[] = [];
    const conditions: string[] = ['true'];
    const { tail, reverse } = idPageSql('b.id', page, conditions, params);
    const rows = await queryPreparedArrays(
      this.dataSource,
      `SELECT ${mapper.select} FROM ${table} b WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    const blocks = rows.map((row) => mapper.build(row, 0));
    return reverse ? blocks.reverse() : blocks;
  }
}
