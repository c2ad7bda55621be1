import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows a status's rendering shows, each linked to it by `status_id`. */
const STATUS_PARTS = [
  'media_attachments',
  'mentions',
  'statuses_tags',
  'preview_cards_statuses',
  'quotes',
];

/** Tables every rendering may show (custom emojis, roles, applications): the render epoch moves. */
const EPOCH_TABLES = ['custom_emojis', 'user_roles', 'oauth_applications'];

/**
 * Versions of what statuses and accounts render as, for the rendered-status cache: a cached
 * rendering is keyed by the status's and its author's `render_version` and the `render_epoch`,
 * and the database moves them on every write that changes what they show, so no write path
 * can forget to. Values come from one sequence, so a version never returns to an old value.
 */
export class RenderVersions1795492000000 implements MigrationInterface {
  name = 'RenderVersions1795492000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE render_versions`);
    await db.query(`ALTER TABLE statuses ADD COLUMN render_version bigint NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE accounts ADD COLUMN render_version bigint NOT NULL DEFAULT 0`);
    // One row: moved by changes that may show in any rendering (a row update, so a reader
    // sees the new epoch only once the change is committed).
    await db.query(`
      CREATE TABLE render_epoch (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        version bigint NOT NULL DEFAULT 0
      )`);
    await db.query(`INSERT INTO render_epoch DEFAULT VALUES`);

    // Any update of a status or account row takes the next version, whatever it sets (the
    // triggers below touch rows with `render_version = 0` for that).
    await db.query(`
      CREATE FUNCTION next_render_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.render_version := nextval('render_versions');
        RETURN NEW;
      END $$`);
    for (const table of ['statuses', 'accounts']) {
      await db.query(`
        CREATE TRIGGER ${table}_render_version BEFORE UPDATE ON ${table}
          FOR EACH ROW EXECUTE FUNCTION next_render_version()`);
    }

    // Statement-level, so a post's mentions, tags and media move its version once each.
    await db.query(`
      CREATE FUNCTION touch_rendered_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE statuses SET render_version = 0
           WHERE id IN (SELECT status_id FROM new_rows);
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE statuses SET render_version = 0
           WHERE id IN (SELECT status_id FROM old_rows);
        ELSE
          UPDATE statuses SET render_version = 0
           WHERE id IN (SELECT status_id FROM new_rows UNION SELECT status_id FROM old_rows);
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of STATUS_PARTS) {
      await db.query(`
        CREATE TRIGGER ${table}_render_insert AFTER INSERT ON ${table}
          REFERENCING NEW TABLE AS new_rows
          FOR EACH STATEMENT EXECUTE FUNCTION touch_rendered_statuses()`);
      await db.query(`
        CREATE TRIGGER ${table}_render_update AFTER UPDATE ON ${table}
          REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
          FOR EACH STATEMENT EXECUTE FUNCTION touch_rendered_statuses()`);
      await db.query(`
        CREATE TRIGGER ${table}_render_delete AFTER DELETE ON ${table}
          REFERENCING OLD TABLE AS old_rows
          FOR EACH STATEMENT EXECUTE FUNCTION touch_rendered_statuses()`);
    }

    // A re-fetched link card shows in every status that links it.
    await db.query(`
      CREATE FUNCTION touch_card_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE statuses SET render_version = 0 WHERE id IN (
          SELECT status_id FROM preview_cards_statuses WHERE preview_card_id = NEW.id);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER preview_cards_render AFTER UPDATE ON preview_cards
        FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
        EXECUTE FUNCTION touch_card_statuses()`);

    // Statuses show the accounts they mention by name and address.
    await db.query(`
      CREATE FUNCTION touch_mentioning_statuses() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE statuses SET render_version = 0 WHERE id IN (
          SELECT status_id FROM mentions WHERE account_id = NEW.id);
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER accounts_render_mentions AFTER UPDATE ON accounts
        FOR EACH ROW WHEN (
          OLD.username IS DISTINCT FROM NEW.username OR OLD.domain IS DISTINCT FROM NEW.domain
          OR OLD.url IS DISTINCT FROM NEW.url OR OLD.uri IS DISTINCT FROM NEW.uri)
        EXECUTE FUNCTION touch_mentioning_statuses()`);

    // An account shows its user's role and settings (noindex).
    await db.query(`
      CREATE FUNCTION touch_user_account() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE accounts SET render_version = 0 WHERE id = NEW.account_id;
        RETURN NULL;
      END $$`);
    await db.query(`
      CREATE TRIGGER users_render AFTER UPDATE ON users
        FOR EACH ROW WHEN (
          OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.settings IS DISTINCT FROM NEW.settings)
        EXECUTE FUNCTION touch_user_account()`);

    await db.query(`
      CREATE FUNCTION next_render_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE render_epoch SET version = nextval('render_versions');
        RETURN NULL;
      END $$`);
    for (const table of EPOCH_TABLES) {
      await db.query(`
        CREATE TRIGGER ${table}_render_epoch AFTER INSERT OR DELETE ON ${table}
          FOR EACH STATEMENT EXECUTE FUNCTION next_render_epoch()`);
      await db.query(`
        CREATE TRIGGER ${table}_render_epoch_update AFTER UPDATE ON ${table}
          FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
          EXECUTE FUNCTION next_render_epoch()`);
    }
    // Tags show by display name; using a tag (last_status_at) changes nothing shown.
    await db.query(`
      CREATE TRIGGER tags_render_epoch AFTER UPDATE ON tags
        FOR EACH ROW WHEN (
          OLD.name IS DISTINCT FROM NEW.name OR OLD.display_name IS DISTINCT FROM NEW.display_name)
        EXECUTE FUNCTION next_render_epoch()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER tags_render_epoch ON tags`);
    for (const table of EPOCH_TABLES) {
      await db.query(`DROP TRIGGER ${table}_render_epoch_update ON ${table}`);
      await db.query(`DROP TRIGGER ${table}_render_epoch ON ${table}`);
    }
    await db.query(`DROP FUNCTION next_render_epoch()`);
    await db.query(`DROP TRIGGER users_render ON users`);
    await db.query(`DROP FUNCTION touch_user_account()`);
    await db.query(`DROP TRIGGER accounts_render_mentions ON accounts`);
    await db.query(`DROP FUNCTION touch_mentioning_statuses()`);
    await db.query(`DROP TRIGGER preview_cards_render ON preview_cards`);
    await db.query(`DROP FUNCTION touch_card_statuses()`);
    for (const table of STATUS_PARTS) {
      for (const event of ['insert', 'update', 'delete']) {
        await db.query(`DROP TRIGGER ${table}_render_${event} ON ${table}`);
      }
    }
    await db.query(`DROP FUNCTION touch_rendered_statuses()`);
    for (const table of ['statuses', 'accounts']) {
      await db.query(`DROP TRIGGER ${table}_render_version ON ${table}`);
    }
    await db.query(`DROP FUNCTION next_render_version()`);
    await db.query(`DROP TABLE render_epoch`);
    await db.query(`ALTER TABLE accounts DROP COLUMN render_version`);
    await db.query(`ALTER TABLE statuses DROP COLUMN render_version`);
    await db.query(`DROP SEQUENCE render_versions`);
  }
}
