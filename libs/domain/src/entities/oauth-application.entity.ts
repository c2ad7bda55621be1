import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A registered OAuth client. The secret is kept only as a SHA-256 digest. */
@Entity('oauth_applications')
export class OAuthApplication {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  name: string;

  /** client_id */
  @Column('varchar')
  uid: string;

  @Column('varchar', { select: false })
  secretDigest: string;

  /** Registered redirect URIs, one per line (as Doorkeeper stores them). */
  @Column('text')
  redirectUri: string;

  /** Space-separated scopes the app may request. */
  @Column('varchar', { default: 'read' })
  scopes: string;

  @Column('varchar', { nullable: true })
  website: string | null;

  @Column('boolean', { default: true })
  confidential: boolean;

  /** First-party apps skip the consent page. */
  @Column('boolean', { default: false })
  superapp: boolean;

  @Column('bigint', { nullable: true })
  ownerUserId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  get redirectUris(): string[] {
    return this.redirectUri.split('\n').filter((uri) => uri.length > 0);
  }
}
