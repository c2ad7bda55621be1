import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * `accountId` mutes `targetAccountId`, optionally hiding their notifications too. A mute with
 * `expiresAt` in the past no longer counts anywhere (every read filters it); the worker deletes
 * it (JobName.MuteExpire).
 */
@Entity('mutes')
export class Mute {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  targetAccountId: string;

  @Column('boolean', { default: true })
  hideNotifications: boolean;

  @Column('timestamptz', { nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
