import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Mastodon's report categories; `violation` names broken server rules. */
export const REPORT_CATEGORIES = ['spam', 'legal', 'violation', 'other'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** An account (and optionally some of its statuses) reported to the moderators. */
@Entity('reports')
export class Report {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** Who reported (a remote server's actor for reports that came in as a Flag). */
  @Column('bigint')
  accountId: string;

  @Column('bigint')
  targetAccountId: string;

  /** Statuses of the target; deleted ones stay listed (they are soft-deleted). */
  @Column('bigint', { array: true, default: () => "'{}'" })
  statusIds: string[];

  @Column('bigint', { array: true, nullable: true })
  ruleIds: string[] | null;

  @Column('text', { default: '' })
  comment: string;

  @Column('varchar', { default: 'other' })
  category: ReportCategory;

  @Column('boolean', { default: false })
  forwarded: boolean;

  /** Domains the reporter asked to forward to (federation sends the Flag). */
  @Column('varchar', { array: true, default: () => "'{}'" })
  forwardToDomains: string[];

  @Column('varchar', { nullable: true })
  uri: string | null;

  @Column('bigint', { nullable: true })
  applicationId: string | null;

  @Column('bigint', { nullable: true })
  assignedAccountId: string | null;

  @Column('timestamptz', { nullable: true })
  actionTakenAt: Date | null;

  @Column('bigint', { nullable: true })
  actionTakenByAccountId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
