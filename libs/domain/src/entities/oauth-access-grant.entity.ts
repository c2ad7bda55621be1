import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An authorization code, valid for `expiresIn` seconds; kept as a SHA-256 digest. */
@Entity('oauth_access_grants')
export class OAuthAccessGrant {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  tokenDigest: string;

  @Column('integer')
  expiresIn: number;

  @Column('text')
  redirectUri: string;

  @Column('varchar', { default: '' })
  scopes: string;

  @Column('varchar', { nullable: true })
  codeChallenge: string | null;

  @Column('varchar', { nullable: true })
  codeChallengeMethod: string | null;

  @Column('bigint')
  applicationId: string;

  /** The user who approved. */
  @Column('bigint')
  resourceOwnerId: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** Set once the code is used. */
  @Column('timestamptz', { nullable: true })
  revokedAt: Date | null;

  /** The token the code was exchanged for; a replay of the code revokes it. */
  @Column('bigint', { nullable: true })
  accessTokenId: string | null;
}
