import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

const bigintArray = {
  to: (value: string[]) => value,
  from: (value: Array<string | number> | null) => (value ? value.map(String) : []),
};

/** A direct-message thread as one participant sees it (GET /api/v1/conversations). */
@Entity('account_conversations')
export class AccountConversation {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  conversationId: string;

  /** The other participants, sorted. */
  @Column('bigint', { array: true, default: '{}', transformer: bigintArray })
  participantAccountIds: string[];

  @Column('bigint', { array: true, default: '{}', transformer: bigintArray })
  statusIds: string[];

  @Column('bigint', { nullable: true })
  lastStatusId: string | null;

  @Column('boolean', { default: false })
  unread: boolean;

  @Column('integer', { default: 0 })
  lockVersion: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
