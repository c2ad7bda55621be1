import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * `accountId` follows `targetAccountId`. Created and removed only through the relationship
 * services, which keep followers_count/following_count in account_stats exact.
 */
@Entity('follows')
export class Follow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  targetAccountId: string;

  /** Whether the follower's home feed shows the target's boosts. */
  @Column('boolean', { default: true })
  showReblogs: boolean;

  /** Whether the follower is notified of the target's new posts. */
  @Column('boolean', { default: false })
  notify: boolean;

  /** Languages of the target's posts the follower sees at home; NULL means all. */
  @Column('varchar', { array: true, nullable: true })
  languages: string[] | null;

  /** ActivityPub id of the Follow activity (remote follows, and ours once federated). */
  @Column('varchar', { nullable: true })
  uri: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
