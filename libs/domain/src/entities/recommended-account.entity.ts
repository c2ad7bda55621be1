import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An account staff recommend to everyone (Mastodon's "bootstrap timeline accounts"): new users
 * follow it at sign-up and it leads everyone's suggestions (source "featured").
 */
@Entity('recommended_accounts')
export class RecommendedAccount {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
