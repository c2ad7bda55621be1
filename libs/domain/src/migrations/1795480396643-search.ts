import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search kept by the database: statuses carry a generated `search_vector` (the words of the
 * content warning and text, once as written and once stemmed by the text search configuration
 * of the status's language), indexed with GIN for searchable originals; accounts get trigram
 * indexes on username and display name when pg_trgm is installable (the account search works
 * without them, only slower).
 */
export class Search1795480396643 implements MigrationInterface {
  name = 'Search1795480396643';

  async up(db: QueryRunner): Promise<void> {
    // ISO 639-1 codes (region ignored) to PostgreSQL's built-in configurations; others: simple.
    await db.query(`
      CREATE FUNCTION status_search_config(language varchar) RETURNS regconfig
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT (CASE split_part(lower(replace(coalesce(language, ''), '_', '-')), '-', 1)
          WHEN 'ar' THEN 'arabic' WHEN 'hy' THEN 'armenian' WHEN 'eu' THEN 'basque'
          WHEN 'ca' THEN 'catalan' WHEN 'da' THEN 'danish' WHEN 'nl' THEN 'dutch'
          WHEN 'en' THEN 'english' WHEN 'fi' THEN 'finnish' WHEN 'fr' THEN 'french'
          WHEN 'de' THEN 'german' WHEN 'el' THEN 'greek' WHEN 'hi' THEN 'hindi'
          WHEN 'hu' THEN 'hungarian' WHEN 'id' THEN 'indonesian' WHEN 'ga' THEN 'irish'
          WHEN 'it' THEN 'italian' WHEN 'lt' THEN 'lithuanian' WHEN 'ne' THEN 'nepali'
          WHEN 'nb' THEN 'norwegian' WHEN 'nn' THEN 'norwegian' WHEN 'no' THEN 'norwegian'
          WHEN 'pt' THEN 'portuguese' WHEN 'ro' THEN 'romanian' WHEN 'ru' THEN 'russian'
          WHEN 'sr' THEN 'serbian' WHEN 'es' THEN 'spanish' WHEN 'sv' THEN 'swedish'
          WHEN 'ta' THEN 'tamil' WHEN 'tr' THEN 'turkish' WHEN 'yi' THEN 'yiddish'
          ELSE 'simple' END)::regconfig
      $$`);
    // Remote text is HTML: tags become spaces so words on either side stay apart.
    await db.query(`
      CREATE FUNCTION status_search_vector(spoiler_text text, body text, language varchar)
      RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT to_tsvector('simple', doc) || to_tsvector(status_search_config(language), doc)
          FROM (SELECT coalesce(spoiler_text, '') || ' ' ||
                       regexp_replace(coalesce(body, ''), '<[^>]*>', ' ', 'g') AS doc) d
      $$`);
    await db.query(`
      ALTER TABLE statuses ADD COLUMN search_vector tsvector
        GENERATED ALWAYS AS (status_search_vector(spoiler_text, text, language)) STORED`);
    await db.query(`
      CREATE INDEX index_statuses_on_search_vector ON statuses USING gin (search_vector)
       WHERE deleted_at IS NULL AND reblog_of_id IS NULL`);

    const [{ available }] = await db.query(
      `SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available`,
    );
    if (!available) return;
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`
      CREATE INDEX index_accounts_on_username_trgm ON accounts
       USING gin (lower(username) gin_trgm_ops)`);
    await db.query(`
      CREATE INDEX index_accounts_on_display_name_trgm ON accounts
       USING gin (lower(display_name) gin_trgm_ops)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS index_accounts_on_display_name_trgm`);
    await db.query(`DROP INDEX IF EXISTS index_accounts_on_username_trgm`);
    await db.query(`ALTER TABLE statuses DROP COLUMN search_vector`);
    await db.query(`DROP FUNCTION status_search_vector(text, text, varchar)`);
    await db.query(`DROP FUNCTION status_search_config(varchar)`);
  }
}
