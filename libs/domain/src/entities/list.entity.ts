import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Which replies a list shows (Mastodon's values, stored as a smallint). */
export const RepliesPolicy = { List: 0, Followed: 1, None: 2 } as const;
export type RepliesPolicy = (typeof RepliesPolicy)[keyof typeof RepliesPolicy];
export const REPLIES_POLICY_NAMES = ['list', 'followed', 'none'] as const;
export type RepliesPolicyName = (typeof REPLIES_POLICY_NAMES)[number];

/** A user's list of followed accounts, with a feed of its own. */
@Entity('lists')
export class List {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('varchar')
  title: string;

  @Column('smallint', { default: RepliesPolicy.List })
  repliesPolicy: RepliesPolicy;

  /** Members' posts stay out of the owner's home feed. */
  @Column('boolean', { default: false })
  exclusive: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
