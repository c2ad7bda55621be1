import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Publishers of trending links (Mastodon's preview_card_providers), one per host: staff allow
 * or reject a publisher once instead of each of its links. `trendable` NULL: not reviewed.
 * Cards remember whether their page is an article (Mastodon's link_type): only articles trend.
 */
export class PreviewCardProviders1795490356110 implements MigrationInterface {
  name = 'PreviewCardProviders1795490356110';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE preview_card_providers (
        id bigserial PRIMARY KEY,
        domain varchar NOT NULL,
        trendable boolean,
        reviewed_at timestamptz,
        requested_review_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX index_preview_card_providers_on_domain ON preview_card_providers (domain)`,
    );
    await db.query(`ALTER TABLE preview_cards ADD COLUMN article boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE preview_cards DROP COLUMN article`);
    await db.query(`DROP TABLE preview_card_providers`);
  }
}
