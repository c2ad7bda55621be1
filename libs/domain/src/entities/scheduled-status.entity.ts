import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** The parameters of a status to publish later, as Mastodon keeps them (ScheduledStatus.params). */
export interface ScheduledStatusParams {
  text: string;
  poll: { options: string[]; expires_in: number; multiple: boolean; hide_totals: boolean } | null;
  media_ids: string[] | null;
  sensitive: boolean | null;
  spoiler_text: string | null;
  visibility: string;
  in_reply_to_id: string | null;
  language: string | null;
  application_id: string | null;
  scheduled_at: null;
  idempotency: string | null;
  with_rate_limit: boolean;
  /** Present when the status quotes one. */
  quoted_status_id?: string;
  /** Present when the post asked for a quote policy (public, followers or nobody). */
  quote_approval_policy?: string;
  /** Present when the post limited its mentions. */
  allowed_mentions?: string[];
}

/** A status waiting for `scheduledAt`; the worker publishes it then. */
@Entity('scheduled_statuses')
export class ScheduledStatus {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('timestamptz')
  scheduledAt: Date;

  @Column('jsonb', { default: () => "'{}'::jsonb" })
  params: ScheduledStatusParams;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
