import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Account } from './account.entity';

/** Mastodon's visibility values, stored as a smallint. */
export const StatusVisibility = {
  Public: 0,
  Unlisted: 1,
  Private: 2,
  Direct: 3,
  Limited: 4,
} as const;
export type StatusVisibility = (typeof StatusVisibility)[keyof typeof StatusVisibility];

export const VISIBILITY_NAMES = ['public', 'unlisted', 'private', 'direct', 'limited'] as const;
export type VisibilityName = (typeof VISIBILITY_NAMES)[number];

export const visibilityName = (value: StatusVisibility): VisibilityName => VISIBILITY_NAMES[value];
export function visibilityFromName(name: string): StatusVisibility | undefined {
  const index = (VISIBILITY_NAMES as readonly string[]).indexOf(name);
  return index < 0 ? undefined : (index as StatusVisibility);
}

const bigintArray = {
  to: (value: string[] | null) => value,
  from: (value: Array<string | number> | null) => (value ? value.map(String) : null),
};

/**
 * A post, or a reblog of one (`reblogOfId`). Local and remote statuses share the table; local
 * ones keep `uri` NULL (derived from the configured domain). Deleted statuses keep their row
 * with `deletedAt` set and are invisible everywhere but moderation.
 */
@Entity('statuses')
export class Status {
  @PrimaryColumn({ type: 'bigint', default: () => "timestamp_id('statuses')" })
  id: string;

  @Column('varchar', { nullable: true })
  uri: string | null;

  @Column('varchar', { nullable: true })
  url: string | null;

  @Column('bigint')
  accountId: string;

  @ManyToOne(() => Account, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'account_id' })
  account?: Account;

  /** Local: the raw text as typed (edit, redraft, source). Remote: the source HTML. */
  @Column('text', { default: '' })
  text: string;

  /** The HTML shown to clients, rendered when the status was written. */
  @Column('text', { nullable: true })
  contentHtml: string | null;

  @Column('text', { default: '' })
  spoilerText: string;

  @Column('boolean', { default: false })
  sensitive: boolean;

  @Column('smallint', { default: StatusVisibility.Public })
  visibility: StatusVisibility;

  @Column('varchar', { nullable: true })
  language: string | null;

  /** Whether this was written as a reply (kept when the parent row is gone). */
  @Column('boolean', { default: false })
  reply: boolean;

  @Column('bigint', { nullable: true })
  inReplyToId: string | null;

  @Column('bigint', { nullable: true })
  inReplyToAccountId: string | null;

  @Column('bigint', { nullable: true })
  reblogOfId: string | null;

  @ManyToOne(() => Status, { createForeignKeyConstraints: false })
  @JoinColumn({ name: 'reblog_of_id' })
  reblog?: Status | null;

  @Column('bigint', { nullable: true })
  conversationId: string | null;

  @Column('boolean', { default: false })
  local: boolean;

  @Column('bigint', { nullable: true })
  applicationId: string | null;

  @Column('bigint', { nullable: true })
  pollId: string | null;

  @Column('bigint', { array: true, nullable: true, transformer: bigintArray })
  orderedMediaAttachmentIds: string[] | null;

  /**
   * Who may quote it (Mastodon's bitmap): automatic approvals in the high 16 bits, manual ones
   * in the low 16 (see libs/policies quote.policy). 0: nobody but the author.
   */
  @Column('integer', { default: 0 })
  quoteApprovalPolicy: number;

  @Column('timestamptz', { nullable: true })
  editedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /**
   * Moves (in the database, by trigger) on every write that changes how the status renders:
   * the rendered-status cache's key. Never written by the application.
   */
  @Column({ type: 'bigint', default: 0, insert: false, update: false })
  renderVersion: string;

  /**
   * The render epoch (see the RenderVersions migration) when StatusRepository read the row
   * outside a transaction, with it: the rest of the cache's key. Absent from statuses loaded
   * otherwise, which are rendered and never kept.
   */
  renderEpoch?: string;

  get isReblog(): boolean {
    return this.reblogOfId !== null;
  }
}
