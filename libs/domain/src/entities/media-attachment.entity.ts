import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type MediaType = 'image' | 'gifv' | 'video' | 'audio' | 'unknown';

/**
 * A file attached (or to be attached) to a status. Uploads and processing belong to the media
 * work; statuses attach unattached rows of their author (`statusId` NULL).
 */
@Entity('media_attachments')
export class MediaAttachment {
  @PrimaryColumn({ type: 'bigint', default: () => "timestamp_id('media_attachments')" })
  id: string;

  @Column('bigint', { nullable: true })
  accountId: string | null;

  @Column('bigint', { nullable: true })
  statusId: string | null;

  @Column('bigint', { nullable: true })
  scheduledStatusId: string | null;

  @Column('varchar', { default: 'image' })
  type: MediaType;

  /** Stored file name (local copy), NULL when only the remote URL is known. */
  @Column('varchar', { nullable: true })
  fileFileName: string | null;

  @Column('varchar', { nullable: true })
  fileContentType: string | null;

  @Column('bigint', {
    nullable: true,
    transformer: {
      to: (v: number | null) => v,
      from: (v: string | null) => (v === null ? null : Number(v)),
    },
  })
  fileFileSize: number | null;

  @Column('varchar', { default: '' })
  remoteUrl: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('jsonb', { nullable: true })
  meta: Record<string, unknown> | null;

  @Column('varchar', { nullable: true })
  blurhash: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
