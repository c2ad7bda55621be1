import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

const count = { to: (v: number) => v, from: (v: string) => Number(v) };

/**
 * Counters of a status. A row may be missing (all zero); change counters with
 * StatusStatsRepository's atomic upserts, never read-modify-write.
 */
@Entity('status_stats')
export class StatusStat {
  @PrimaryColumn('bigint')
  statusId: string;

  @Column('bigint', { default: 0, transformer: count })
  repliesCount: number;

  @Column('bigint', { default: 0, transformer: count })
  reblogsCount: number;

  @Column('bigint', { default: 0, transformer: count })
  favouritesCount: number;

  /** Accepted quotes of the status. */
  @Column('bigint', { default: 0, transformer: count })
  quotesCount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
