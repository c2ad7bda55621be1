import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Media uploads: the processing state of a file the worker converts (Mastodon's `processing`),
 * a custom preview image (`thumbnail_*`, with its remote address for federated media), and the
 * indexes the cleanup jobs read: unattached uploads by age, cached remote files by age, and
 * deleted statuses that carried media.
 */
export class MediaProcessing1763701700000 implements MigrationInterface {
  name = 'MediaProcessing1763701700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE media_attachments
        ADD COLUMN processing varchar NOT NULL DEFAULT 'complete'
          CHECK (processing IN ('queued', 'in_progress', 'complete', 'failed')),
        ADD COLUMN thumbnail_file_name varchar,
        ADD COLUMN thumbnail_content_type varchar,
        ADD COLUMN thumbnail_file_size bigint,
        ADD COLUMN thumbnail_remote_url varchar
    `);
    await db.query(
      `CREATE INDEX index_media_attachments_unattached ON media_attachments (created_at)
         WHERE status_id IS NULL AND scheduled_status_id IS NULL`,
    );
    await db.query(
      `CREATE INDEX index_media_attachments_cached_remote ON media_attachments (created_at)
         WHERE remote_url <> '' AND (file_file_name IS NOT NULL OR thumbnail_file_name IS NOT NULL)`,
    );
    await db.query(
      `CREATE INDEX index_statuses_deleted_with_media ON statuses (id)
         WHERE deleted_at IS NOT NULL AND ordered_media_attachment_ids IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX index_statuses_deleted_with_media`);
    await db.query(`DROP INDEX index_media_attachments_cached_remote`);
    await db.query(`DROP INDEX index_media_attachments_unattached`);
    await db.query(`
      ALTER TABLE media_attachments
        DROP COLUMN processing,
        DROP COLUMN thumbnail_file_name,
        DROP COLUMN thumbnail_content_type,
        DROP COLUMN thumbnail_file_size,
        DROP COLUMN thumbnail_remote_url
    `);
  }
}
