import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export type MediaType = 'image' | 'gifv' | 'video' | 'audio' | 'unknown';

/** Size of one style of a file; time-based media add frame rate, duration and bitrate. */
export interface MediaMetaStyle {
  width?: number;
  height?: number;
  size?: string;
  aspect?: number;
  frame_rate?: string;
  duration?: number;
  bitrate?: number;
}

/**
 * Mastodon's `meta` of an attachment: `original` and `small`, the focal point, and for video
 * and audio the summary fields clients read at the top level.
 */
export interface MediaMeta {
  original?: MediaMetaStyle;
  small?: MediaMetaStyle;
  focus?: { x: number; y: number };
  length?: string;
  duration?: number;
  fps?: number;
  size?: string;
  width?: number;
  height?: number;
  aspect?: number;
  audio_encode?: string;
  audio_bitrate?: string;
  audio_channels?: string;
}

/**
 * Where an upload stands: `queued` and `in_progress` while the worker converts it (the file
 * columns then name the upload as received, kept privately), `complete` once the served files
 * exist, `failed` when they never will.
 */
export type MediaProcessing = 'queued' | 'in_progress' | 'complete' | 'failed';

/**
 * A file attached (or to be attached) to a status: uploaded by a local account (`remoteUrl`
 * empty) or a copy of a remote one. Statuses attach unattached rows of their author
 * (`statusId` NULL).
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

  @Column('varchar', { default: 'complete' })
  processing: MediaProcessing;

  /** A custom preview image (audio cover, video poster), replacing the generated one. */
  @Column('varchar', { nullable: true })
  thumbnailFileName: string | null;

  @Column('varchar', { nullable: true })
  thumbnailContentType: string | null;

  @Column('bigint', {
    nullable: true,
    transformer: {
      to: (v: number | null) => v,
      from: (v: string | null) => (v === null ? null : Number(v)),
    },
  })
  thumbnailFileSize: number | null;

  @Column('varchar', { nullable: true })
  thumbnailRemoteUrl: string | null;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('jsonb', { nullable: true })
  meta: MediaMeta | null;

  @Column('varchar', { nullable: true })
  blurhash: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
