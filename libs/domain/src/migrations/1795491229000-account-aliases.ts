import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The actor ids an account says it is also known as (ActivityPub `alsoKnownAs`): a Move to
 * an account is believed only when the target names the account it moves from.
 */
export class AccountAliases1795491229000 implements MigrationInterface {
  name = 'AccountAliases1795491229000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE accounts ADD COLUMN also_known_as varchar[] NOT NULL DEFAULT '{}'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE accounts DROP COLUMN also_known_as`);
  }
}
