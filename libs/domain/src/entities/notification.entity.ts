import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Mastodon's notification types that Nestodon creates. */
export const NOTIFICATION_TYPES = [
  'mention',
  'status',
  'reblog',
  'follow',
  'follow_request',
  'favourite',
  'poll',
  'update',
  'admin.sign_up',
  'admin.report',
  'moderation_warning',
  'quote',
  'quoted_update',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Types that carry a status (`status` key in JSON). */
export const STATUS_NOTIFICATION_TYPES: ReadonlySet<NotificationType> = new Set([
  'mention',
  'status',
  'reblog',
  'favourite',
  'poll',
  'update',
  'quote',
  'quoted_update',
]);

/**
 * Something that happened to `accountId` because of `fromAccountId`. The typed activity
 * columns cascade: undoing the activity removes the notification. `statusId` is the status
 * the notification is about (the reblogged status for a reblog, the quoting status for `quote`
 * and `quoted_update`); `reblogStatusId` the reblog, `quoteId` the quote.
 */
@Entity('notifications')
export class Notification {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  fromAccountId: string;

  @Column('varchar')
  type: NotificationType;

  @Column('bigint', { nullable: true })
  statusId: string | null;

  @Column('bigint', { nullable: true })
  reblogStatusId: string | null;

  @Column('bigint', { nullable: true })
  mentionId: string | null;

  @Column('bigint', { nullable: true })
  favouriteId: string | null;

  @Column('bigint', { nullable: true })
  followId: string | null;

  @Column('bigint', { nullable: true })
  followRequestId: string | null;

  @Column('bigint', { nullable: true })
  reportId: string | null;

  @Column('bigint', { nullable: true })
  quoteId: string | null;

  /** moderation_warning: the warning (strike) announced. */
  @Column('bigint', { nullable: true })
  accountWarningId: string | null;

  /** Grouping key for the v2 API; NULL means ungrouped (`ungrouped-<id>`). */
  @Column('varchar', { nullable: true })
  groupKey: string | null;

  /** Held back by the notification policy (shown through notification requests). */
  @Column('boolean', { default: false })
  filtered: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
