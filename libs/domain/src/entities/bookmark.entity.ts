import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A private bookmark of a status (no counter, never shown to others). */
@Entity('bookmarks')
export class Bookmark {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  statusId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
