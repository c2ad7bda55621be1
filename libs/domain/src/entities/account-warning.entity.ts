import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** What a warning records (Mastodon's AccountWarning actions). */
export const ACCOUNT_WARNING_ACTIONS = [
  'none',
  'disable',
  'mark_statuses_as_sensitive',
  'delete_statuses',
  'sensitive',
  'silence',
  'suspend',
] as const;
export type AccountWarningAction = (typeof ACCOUNT_WARNING_ACTIONS)[number];

/** A strike: a moderator's action on an account, with the text its owner is shown. */
@Entity('account_warnings')
export class AccountWarning {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** The moderator (null once their account is gone). */
  @Column('bigint', { nullable: true })
  accountId: string | null;

  @Column('bigint')
  targetAccountId: string;

  @Column('varchar')
  action: AccountWarningAction;

  @Column('text', { default: '' })
  text: string;

  @Column('bigint', { nullable: true })
  reportId: string | null;

  @Column('bigint', { array: true, nullable: true })
  statusIds: string[] | null;

  @Column('timestamptz', { nullable: true })
  overruledAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** Text a moderator can start a warning from. */
@Entity('account_warning_presets')
export class AccountWarningPreset {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar', { default: '' })
  title: string;

  @Column('text', { default: '' })
  text: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** One line of the audit log: who did what to which record. */
@Entity('admin_action_logs')
export class AdminActionLog {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint', { nullable: true })
  accountId: string | null;

  @Column('varchar')
  action: string;

  /** Mastodon's names: Account, User, Report, DomainBlock, … */
  @Column('varchar')
  targetType: string;

  @Column('bigint', { nullable: true })
  targetId: string | null;

  /** How the target read when it was acted on (a username, a domain), kept if it goes. */
  @Column('varchar', { nullable: true })
  humanIdentifier: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
