import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A member of a list: followed by the owner (ends with the follow), or the owner itself. */
@Entity('list_accounts')
export class ListAccount {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  listId: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint', { nullable: true })
  followId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
