import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** What happens to a notification matching a policy rule. */
export const PolicyAction = { Accept: 0, Filter: 1, Drop: 2 } as const;
export type PolicyAction = (typeof PolicyAction)[keyof typeof PolicyAction];
export const POLICY_ACTION_NAMES = ['accept', 'filter', 'drop'] as const;
export type PolicyActionName = (typeof POLICY_ACTION_NAMES)[number];

/** A user's notification policy (one row, created on first change). */
@Entity('notification_policies')
export class NotificationPolicy {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('smallint', { default: PolicyAction.Accept })
  forNotFollowing: PolicyAction;

  @Column('smallint', { default: PolicyAction.Accept })
  forNotFollowers: PolicyAction;

  @Column('smallint', { default: PolicyAction.Accept })
  forNewAccounts: PolicyAction;

  @Column('smallint', { default: PolicyAction.Filter })
  forPrivateMentions: PolicyAction;

  @Column('smallint', { default: PolicyAction.Filter })
  forLimitedAccounts: PolicyAction;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
