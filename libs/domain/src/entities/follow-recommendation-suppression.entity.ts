import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A suggestion `accountId` dismissed (DELETE /api/v1/suggestions/:id): `targetAccountId` is
 * never suggested to them again.
 */
@Entity('follow_recommendation_suppressions')
export class FollowRecommendationSuppression {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  targetAccountId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
