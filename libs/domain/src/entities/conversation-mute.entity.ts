import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An account muted a thread: no notifications from it. */
@Entity('conversation_mutes')
export class ConversationMute {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  conversationId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
