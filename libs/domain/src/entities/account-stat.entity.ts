import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * Counters of an account. A row may be missing (all zero); change counters with
 * AccountStatsRepository's atomic upserts, never read-modify-write.
 */
@Entity('account_stats')
export class AccountStat {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint', {
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  statusesCount: number;

  @Column('bigint', {
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  followingCount: number;

  @Column('bigint', {
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  followersCount: number;

  @Column('timestamptz', { nullable: true })
  lastStatusAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
