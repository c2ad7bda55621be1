import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** An account mentioned in a status (it may see the status when private or direct). */
@Entity('mentions')
export class Mention {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  statusId: string;

  @Column('bigint')
  accountId: string;

  /** Silent mentions grant visibility without a notification. */
  @Column('boolean', { default: false })
  silent: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
