import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { MediaAttachment } from '../entities/media-attachment.entity';
import { Transaction } from '../transactions';

/** The stored files of a removed or cleared attachment, for deleting them from storage. */
export type StoredMediaFiles = Pick<
  MediaAttachment,
  | 'id'
  | 'remoteUrl'
  | 'processing'
  | 'fileFileName'
  | 'fileContentType'
  | 'fileFileSize'
  | 'thumbnailFileName'
  | 'thumbnailFileSize'
  | 'meta'
>;

const FILE_COLUMNS = `id::text AS "id", remote_url AS "remoteUrl", processing,
  file_file_name AS "fileFileName", file_content_type AS "fileContentType",
  file_file_size::float8 AS "fileFileSize", thumbnail_file_name AS "thumbnailFileName",
  thumbnail_file_size::float8 AS "thumbnailFileSize", meta`;

/** What a remote status says of one of its attachments (the file stays on its server). */
export type RemoteMediaFields = Pick<
  MediaAttachment,
  'type' | 'remoteUrl' | 'thumbnailRemoteUrl' | 'description' | 'meta' | 'blurhash'
>;

/** Unattached: on no status, posted or scheduled. */
const UNATTACHED = 'status_id IS NULL AND scheduled_status_id IS NULL';

/**
 * Media attachments as the media feature writes them (uploads, their processing, edits of
 * unattached ones, the cleanups) and as federation reads them; attaching to statuses is
 * StatusWriteRepository's.
 */
@Injectable()
export class MediaAttachmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(tx?: Transaction) {
    return tx ?? this.dataSource.manager;
  }

  insert(fields: Partial<MediaAttachment>, tx?: Transaction): Promise<MediaAttachment> {
    return this.manager(tx).getRepository(MediaAttachment).save(fields);
  }

  /** A remote status's attachments, known by their remote URLs; their ids in order. */
  async insertRemote(
    owner: { accountId: string; statusId: string },
    media: RemoteMediaFields[],
    tx: Transaction,
  ): Promise<string[]> {
    if (media.length === 0) return [];
    const rows = await tx
      .getRepository(MediaAttachment)
      .save(media.map((fields) => ({ ...owner, ...fields, processing: 'complete' as const })));
    return rows.map((row) => row.id);
  }

  /**
   * Records the local copy of a remote attachment (its focal point kept, and the blurhash its
   * server sent before the one computed here); false when it has one already or is gone.
   */
  async cacheRemoteFile(
    id: string,
    copy: Pick<
      MediaAttachment,
      'type' | 'fileFileName' | 'fileContentType' | 'fileFileSize' | 'meta' | 'blurhash'
    >,
  ): Promise<boolean> {
    const [, affected] = (await this.dataSource.query(
      `UPDATE media_attachments
          SET type = $2, file_file_name = $3, file_content_type = $4, file_file_size = $5,
              meta = $6::jsonb || jsonb_strip_nulls(jsonb_build_object('focus', meta->'focus')),
              blurhash = COALESCE(blurhash, $7), updated_at = now()
        WHERE id = $1 AND file_file_name IS NULL AND remote_url <> ''`,
      [
        id,
        copy.type,
        copy.fileFileName,
        copy.fileContentType,
        copy.fileFileSize,
        JSON.stringify(copy.meta ?? {}),
        copy.blurhash,
      ],
    )) as [unknown, number];
    return affected > 0;
  }

  /** Attachments by id, in the order of `ids` (unknown ones left out). */
  async findByIds(ids: string[]): Promise<MediaAttachment[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await this.dataSource.getRepository(MediaAttachment).findBy({ id: In(unique) });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return unique.flatMap((id) => byId.get(id) ?? []);
  }

  findById(id: string, tx?: Transaction): Promise<MediaAttachment | null> {
    return this.manager(tx).getRepository(MediaAttachment).findOneBy({ id });
  }

  /** One of the account's attachments, attached or not. */
  findOwned(id: string, accountId: string): Promise<MediaAttachment | null> {
    return this.dataSource.getRepository(MediaAttachment).findOneBy({ id, accountId });
  }

  async update(id: string, fields: Partial<MediaAttachment>, tx?: Transaction): Promise<void> {
    await this.manager(tx).update(MediaAttachment, { id }, fields);
  }

  /**
   * Marks an upload as being processed and returns it, unless it is processed (or failed)
   * already. An upload left `in_progress` by a worker that died is taken again.
   */
  async claimForProcessing(id: string): Promise<MediaAttachment | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE media_attachments SET processing = 'in_progress', updated_at = now()
        WHERE id = $1 AND processing IN ('queued', 'in_progress')
        RETURNING id`,
      [id],
    )) as [Array<{ id: string }>, number];
    return rows.length ? this.findById(id) : null;
  }

  /**
   * Saves the result of processing, unless the upload was deleted meanwhile (then false: the
   * caller removes the files it stored). What the uploader changed while it was processed
   * stays: the focal point, and a custom preview's size and blurhash.
   */
  async completeProcessing(
    id: string,
    result: Pick<
      MediaAttachment,
      'type' | 'fileFileName' | 'fileContentType' | 'fileFileSize' | 'meta' | 'blurhash'
    >,
  ): Promise<boolean> {
    const [, affected] = (await this.dataSource.query(
      `UPDATE media_attachments
          SET processing = 'complete', type = $2, file_file_name = $3, file_content_type = $4,
              file_file_size = $5,
              meta = $6::jsonb || jsonb_strip_nulls(jsonb_build_object(
                'focus', meta->'focus',
                'small', CASE WHEN thumbnail_file_name IS NOT NULL THEN meta->'small' END)),
              blurhash = CASE WHEN thumbnail_file_name IS NOT NULL THEN blurhash ELSE $7 END,
              updated_at = now()
        WHERE id = $1 AND processing = 'in_progress'`,
      [
        id,
        result.type,
        result.fileFileName,
        result.fileContentType,
        result.fileFileSize,
        JSON.stringify(result.meta ?? {}),
        result.blurhash,
      ],
    )) as [unknown, number];
    return affected > 0;
  }

  /**
   * Points a processed attachment at re-written files, unless its files changed meanwhile
   * (`fileFileName` is the name they had); whether it did.
   */
  async replaceFiles(
    id: string,
    fileFileName: string,
    fields: Pick<MediaAttachment, 'fileFileName' | 'meta' | 'blurhash'>,
  ): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(MediaAttachment)
      .update({ id, fileFileName }, fields);
    return (result.affected ?? 0) > 0;
  }

  async markFailed(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE media_attachments SET processing = 'failed', updated_at = now()
        WHERE id = $1 AND processing IN ('queued', 'in_progress')`,
      [id],
    );
  }

  /** Deletes one of the account's unattached attachments; its files, or null if not deleted. */
  async deleteUnattached(id: string, accountId: string): Promise<StoredMediaFiles | null> {
    const [rows] = (await this.dataSource.query(
      `DELETE FROM media_attachments WHERE id = $1 AND account_id = $2 AND ${UNATTACHED}
        RETURNING ${FILE_COLUMNS}`,
      [id, accountId],
    )) as [StoredMediaFiles[], number];
    return rows[0] ?? null;
  }

  /**
   * Deletes up to `limit` uploads left unattached since before `cutoff` (created and last
   * changed then: media detached from a deleted status for a redraft get the full delay).
   */
  async deleteOrphans(cutoff: Date, limit: number): Promise<StoredMediaFiles[]> {
    const [rows] = (await this.dataSource.query(
      `DELETE FROM media_attachments WHERE id IN (
         SELECT id FROM media_attachments
          WHERE ${UNATTACHED} AND created_at < $1 AND updated_at < $1
          ORDER BY created_at LIMIT $2
          FOR UPDATE SKIP LOCKED)
        AND ${UNATTACHED}
       RETURNING ${FILE_COLUMNS}`,
      [cutoff, limit],
    )) as [StoredMediaFiles[], number];
    return rows;
  }

  /** Deletes up to `limit` attachments of deleted statuses (deleted without a redraft). */
  async deleteOfDeletedStatuses(limit: number): Promise<StoredMediaFiles[]> {
    const [rows] = (await this.dataSource.query(
      `DELETE FROM media_attachments WHERE id IN (
         SELECT m.id FROM statuses s JOIN media_attachments m ON m.status_id = s.id
          WHERE s.deleted_at IS NOT NULL AND s.ordered_media_attachment_ids IS NOT NULL
          LIMIT $1
          FOR UPDATE OF m SKIP LOCKED)
       RETURNING ${FILE_COLUMNS}`,
      [limit],
    )) as [StoredMediaFiles[], number];
    return rows;
  }

  /**
   * Forgets the local copies of up to `limit` remote attachments created and last changed
   * before `cutoff` (the rows stay, with their remote URLs, to be fetched again). Returns the
   * files that were stored.
   */
  async clearCachedRemote(cutoff: Date, limit: number): Promise<StoredMediaFiles[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE media_attachments m
          SET file_file_name = NULL, file_file_size = NULL, thumbnail_file_name = NULL,
              thumbnail_file_size = NULL, updated_at = now()
         FROM (SELECT ${FILE_COLUMNS} FROM media_attachments
                WHERE remote_url <> ''
                  AND (file_file_name IS NOT NULL OR thumbnail_file_name IS NOT NULL)
                  AND created_at < $1 AND updated_at < $1
                ORDER BY created_at LIMIT $2
                FOR UPDATE SKIP LOCKED) old
        WHERE m.id = old."id"::bigint
       RETURNING old.*`,
      [cutoff, limit],
    )) as [StoredMediaFiles[], number];
    return rows;
  }

  /**
   * Turns up to `limit` attachments of a server's accounts (its subdomains' too) into links
   * (type unknown, local copies forgotten), as when its media are rejected; their files as
   * they were, to delete.
   */
  async clearOfDomain(domain: string, limit: number): Promise<StoredMediaFiles[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE media_attachments m
          SET type = 'unknown', file_file_name = NULL, file_file_size = NULL,
              thumbnail_file_name = NULL, thumbnail_file_size = NULL, updated_at = now()
         FROM (SELECT ${FILE_COLUMNS} FROM media_attachments
                WHERE remote_url <> '' AND type <> 'unknown'
                  AND account_id IN (SELECT id FROM accounts
                                      WHERE domain = $1 OR right(domain, length($1) + 1) = '.' || $1)
                ORDER BY id LIMIT $2
                FOR UPDATE SKIP LOCKED) old
        WHERE m.id = old."id"::bigint
       RETURNING old.*`,
      [domain, limit],
    )) as [StoredMediaFiles[], number];
    return rows;
  }

  /** The remote attachments `clearCachedRemote` would clear, without clearing them. */
  async cachedRemote(cutoff: Date, afterId: string, limit: number): Promise<StoredMediaFiles[]> {
    return (await this.dataSource.query(
      `SELECT ${FILE_COLUMNS} FROM media_attachments
        WHERE remote_url <> '' AND (file_file_name IS NOT NULL OR thumbnail_file_name IS NOT NULL)
          AND created_at < $1 AND updated_at < $1 AND id > $2
        ORDER BY id LIMIT $3`,
      [cutoff, afterId, limit],
    )) as StoredMediaFiles[];
  }
}
