import { MigrationInterface, QueryRunner } from 'typeorm';

/** Hashtags of statuses, linking statuses to the shared tags table (relationships work). */
export class StatusesTags1763700500001 implements MigrationInterface {
  name = 'StatusesTags1763700500001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE statuses_tags (
        tag_id bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
        status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
        PRIMARY KEY (tag_id, status_id)
      )
    `);
    // Tags of a page of statuses (presenter); the primary key serves hashtag timelines.
    await db.query(`CREATE INDEX index_statuses_tags_on_status_id ON statuses_tags (status_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE statuses_tags`);
  }
}
