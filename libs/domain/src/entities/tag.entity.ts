import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * A hashtag, shared by featured tags, followed tags and (later) statuses. `name` is the
 * normalised form (see normalizeTagName) and unique; `displayName` keeps the first spelling
 * seen. NULL moderation flags mean "not reviewed", as in Mastodon.
 */
@Entity('tags')
export class Tag {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  name: string;

  @Column('varchar', { nullable: true })
  displayName: string | null;

  /** Whether the tag may be used in posts (false: staff disabled it). */
  @Column('boolean', { nullable: true })
  usable: boolean | null;

  @Column('boolean', { nullable: true })
  trendable: boolean | null;

  /** Whether the tag may appear in public listings (profile directory, search). */
  @Column('boolean', { nullable: true })
  listable: boolean | null;

  @Column('timestamptz', { nullable: true })
  reviewedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  requestedReviewAt: Date | null;

  @Column('timestamptz', { nullable: true })
  lastStatusAt: Date | null;

  @Column('double precision', { nullable: true })
  maxScore: number | null;

  @Column('timestamptz', { nullable: true })
  maxScoreAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
