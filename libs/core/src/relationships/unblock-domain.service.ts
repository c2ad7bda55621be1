import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, normalizeDomain, ValidationError } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/** Lifts a user-level domain block (nothing happens when there was none). */
@Injectable()
export class UnblockDomainService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async unblock(account: Pick<Account, 'id'>, input: string): Promise<boolean> {
    const domain = normalizeDomain(input);
    if (!domain) throw new ValidationError('Validation failed: Domain is not a valid domain name');
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM account_domain_blocks WHERE account_id = $1 AND domain = $2`,
      [account.id, domain],
    );
    return count > 0;
  }
}
