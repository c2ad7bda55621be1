import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** One chosen option (by index) of one voter; multiple-choice votes are several rows. */
@Entity('poll_votes')
export class PollVote {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  pollId: string;

  @Column('integer')
  choice: number;

  @Column('varchar', { nullable: true })
  uri: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
