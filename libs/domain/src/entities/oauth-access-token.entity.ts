import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A bearer token, kept as a SHA-256 digest. Without `resourceOwnerId` it is an app token
 * (client_credentials). `expiresIn` NULL means it never expires, as on Mastodon.
 */
@Entity('oauth_access_tokens')
export class OAuthAccessToken {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  tokenDigest: string;

  @Column('varchar', { nullable: true })
  refreshTokenDigest: string | null;

  @Column('integer', { nullable: true })
  expiresIn: number | null;

  @Column('varchar', { default: '' })
  scopes: string;

  @Column('bigint', { nullable: true })
  applicationId: string | null;

  @Column('bigint', { nullable: true })
  resourceOwnerId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  revokedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  lastUsedAt: Date | null;

  @Column('inet', { nullable: true })
  lastUsedIp: string | null;
}
