import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Mastodon's quote states, stored as a smallint. */
export const QuoteState = {
  Pending: 0,
  Accepted: 1,
  Rejected: 2,
  Revoked: 3,
  Deleted: 4,
} as const;
export type QuoteState = (typeof QuoteState)[keyof typeof QuoteState];

export const QUOTE_STATE_NAMES = ['pending', 'accepted', 'rejected', 'revoked', 'deleted'] as const;
export type QuoteStateName = (typeof QUOTE_STATE_NAMES)[number];
export const quoteStateName = (state: QuoteState): QuoteStateName => QUOTE_STATE_NAMES[state];

/**
 * A status (`statusId`) quoting another (`quotedStatusId`, null once that row is gone), with
 * whether the quoted author approved it. Local quotes of local statuses are accepted when made
 * (posting checks the quote policy); quotes of remote statuses wait for their server's approval
 * (`activityUri` is our QuoteRequest, `approvalUri` its authorization), as FEP-044f describes.
 */
@Entity('quotes')
export class Quote {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  statusId: string;

  @Column('bigint', { nullable: true })
  quotedStatusId: string | null;

  @Column('bigint')
  accountId: string;

  @Column('bigint', { nullable: true })
  quotedAccountId: string | null;

  @Column('smallint', { default: QuoteState.Pending })
  state: QuoteState;

  /** Quotes made before approvals existed (inline `RE:` links): shown only once accepted. */
  @Column('boolean', { default: false })
  legacy: boolean;

  @Column('varchar', { nullable: true })
  activityUri: string | null;

  @Column('varchar', { nullable: true })
  approvalUri: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
