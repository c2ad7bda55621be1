import { MigrationInterface, QueryRunner } from 'typeorm';

/** Known domains by prefix (GET /api/v1/peers/search): lower-cased, for LIKE 'prefix%'. */
export class AccountDomainPrefix1795481404677 implements MigrationInterface {
  name = 'AccountDomainPrefix1795481404677';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX index_accounts_on_lower_domain_pattern
         ON accounts (lower(domain) text_pattern_ops) WHERE domain IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX index_accounts_on_lower_domain_pattern`);
  }
}
