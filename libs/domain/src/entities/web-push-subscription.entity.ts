import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const PUSH_POLICIES = ['all', 'followed', 'follower', 'none'] as const;
export type PushPolicy = (typeof PUSH_POLICIES)[number];

/**
 * A device's Web Push subscription, one per access token: where to push (the push service's
 * endpoint), the keys to encrypt for, which notification types it wants (`alerts`) and from
 * whom (`policy`). `standard` subscriptions get RFC 8291 aes128gcm, others legacy aesgcm.
 * The token itself, which Mastodon puts in every payload, is kept encrypted.
 */
@Entity('web_push_subscriptions')
export class WebPushSubscription {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accessTokenId: string;

  @Column('bigint')
  userId: string;

  @Column('varchar')
  endpoint: string;

  @Column('varchar')
  keyP256dh: string;

  @Column('varchar')
  keyAuth: string;

  @Column('boolean', { default: false })
  standard: boolean;

  @Column('jsonb', { default: () => "'{}'::jsonb" })
  alerts: Record<string, boolean>;

  @Column('varchar', { default: 'all' })
  policy: PushPolicy;

  @Column('varchar', { select: false })
  accessTokenCiphertext: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
