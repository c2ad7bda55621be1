import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fan-out reads an author's followers in batches ordered by follower id: an index on
 * (target_account_id, account_id) serves each batch as one index range. It also serves every
 * lookup by target alone, so the index on target_account_id alone goes.
 */
export class FollowsByTargetAndFollower1763700700000 implements MigrationInterface {
  name = 'FollowsByTargetAndFollower1763700700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX index_follows_on_target_account_id_and_account_id
         ON follows (target_account_id, account_id)`,
    );
    await db.query(`DROP INDEX index_follows_on_target_account_id`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE INDEX index_follows_on_target_account_id ON follows (target_account_id)`,
    );
    await db.query(`DROP INDEX index_follows_on_target_account_id_and_account_id`);
  }
}
