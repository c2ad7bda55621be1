import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * How much `accountId` recently interacted with `targetAccountId`: the sum of weights of its
 * replies (1), favourites (10) and reblogs (20) to the target's posts, recorded through
 * RecordInteractionService. A pair idle for INTERACTION_WINDOW_DAYS starts again from zero.
 * Suggestions rank accounts the user does not follow by this score.
 */
@Entity('account_interactions')
export class AccountInteraction {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  targetAccountId: string;

  @Column('integer', { default: 0 })
  score: number;

  @Column('timestamptz')
  lastInteractedAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
