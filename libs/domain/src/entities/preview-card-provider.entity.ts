import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * The publisher of trending links: one row per host of a trending link's URL. A link nobody
 * reviewed trends when its publisher is allowed (`trendable`, NULL: not reviewed).
 */
@Entity('preview_card_providers')
export class PreviewCardProvider {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  domain: string;

  @Column('boolean', { nullable: true })
  trendable: boolean | null;

  @Column('timestamptz', { nullable: true })
  reviewedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  requestedReviewAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
