import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A thread: every status of a reply chain shares one (muting works per conversation). */
@Entity('conversations')
export class Conversation {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** The remote context/conversation URI, for threads started elsewhere. */
  @Column('varchar', { nullable: true })
  uri: string | null;

  @Column('bigint', { nullable: true })
  parentStatusId: string | null;

  @Column('bigint', { nullable: true })
  parentAccountId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
