import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** What an annual report says (Mastodon's schema version 2). */
export interface AnnualReportData {
  archetype: 'lurker' | 'booster' | 'pollster' | 'replier' | 'oracle';
  time_series: Array<{ month: number; statuses: number; followers: number; following: number }>;
  top_hashtags: Array<{ name: string; count: number }>;
  top_statuses: {
    by_reblogs: string | null;
    by_favourites: string | null;
    by_replies: string | null;
  };
}

/** An account's annual report for a year, computed once from its activity that year. */
@Entity('generated_annual_reports')
export class GeneratedAnnualReport {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('integer')
  year: number;

  @Column('jsonb')
  data: AnnualReportData;

  @Column('integer')
  schemaVersion: number;

  /** When its owner marked it read; unread reports are those GET /api/v1/annual_reports lists. */
  @Column('timestamptz', { nullable: true })
  viewedAt: Date | null;

  @Column('varchar', { nullable: true })
  shareKey: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
