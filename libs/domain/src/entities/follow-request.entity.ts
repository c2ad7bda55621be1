import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A pending follow of a locked account (or by a silenced one); options carry over on approval. */
@Entity('follow_requests')
export class FollowRequest {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  targetAccountId: string;

  @Column('boolean', { default: true })
  showReblogs: boolean;

  @Column('boolean', { default: false })
  notify: boolean;

  @Column('varchar', { array: true, nullable: true })
  languages: string[] | null;

  @Column('varchar', { nullable: true })
  uri: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
