import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

const numberArray = {
  to: (value: number[]) => value,
  from: (value: Array<string | number> | null) => (value ?? []).map(Number),
};
const count = { to: (v: number) => v, from: (v: string) => Number(v) };
const nullableCount = {
  to: (v: number | null) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

/**
 * A poll attached to a status. `cachedTallies[i]` counts the votes for `options[i]`; votes and
 * counters change only through atomic SQL (PollRepository).
 */
@Entity('polls')
export class Poll {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint', { nullable: true })
  accountId: string | null;

  @Column('bigint', { nullable: true })
  statusId: string | null;

  @Column('timestamptz', { nullable: true })
  expiresAt: Date | null;

  @Column('varchar', { array: true, default: () => "'{}'" })
  options: string[];

  @Column('bigint', { array: true, default: () => "'{}'", transformer: numberArray })
  cachedTallies: number[];

  @Column('boolean', { default: false })
  multiple: boolean;

  @Column('boolean', { default: false })
  hideTotals: boolean;

  @Column('bigint', { default: 0, transformer: count })
  votesCount: number;

  @Column('bigint', { nullable: true, transformer: nullableCount })
  votersCount: number | null;

  /** When the worker processed the expiry; NULL while open or not yet processed. */
  @Column('timestamptz', { nullable: true })
  closedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  lastFetchedAt: Date | null;

  @Column('integer', { default: 0 })
  lockVersion: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  isExpired(now = new Date()): boolean {
    return this.expiresAt !== null && this.expiresAt <= now;
  }
}
