import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export interface AccountField {
  name: string;
  /** Local accounts: the raw text typed by the owner. Remote accounts: sanitized HTML. */
  value: string;
  verified_at: string | null;
  /** Local accounts: `value` rendered to HTML when the profile was saved. */
  value_html?: string;
}

export type ActorType = 'Person' | 'Service' | 'Group' | 'Application' | 'Organization';

/** Local (domain NULL) and remote accounts share this table, as in Mastodon. */
@Entity('accounts')
export class Account {
  @PrimaryColumn({ type: 'bigint', default: () => "timestamp_id('accounts')" })
  id: string;

  @Column('varchar')
  username: string;

  @Column('varchar', { nullable: true })
  domain: string | null;

  @Column('varchar', { default: '' })
  displayName: string;

  /** Local accounts: the raw text typed by the owner. Remote accounts: sanitized HTML. */
  @Column('text', { default: '' })
  note: string;

  /** Local accounts: `note` rendered to HTML when the profile was saved (NULL: render on read). */
  @Column('text', { nullable: true })
  noteHtml: string | null;

  /** ActivityPub id; NULL for local accounts, whose URIs derive from the configured domain. */
  @Column('varchar', { nullable: true })
  uri: string | null;

  @Column('varchar', { nullable: true })
  url: string | null;

  @Column('varchar', { nullable: true })
  inboxUrl: string | null;

  @Column('varchar', { nullable: true })
  outboxUrl: string | null;

  @Column('varchar', { nullable: true })
  sharedInboxUrl: string | null;

  @Column('varchar', { nullable: true })
  followersUrl: string | null;

  @Column('varchar', { nullable: true })
  followingUrl: string | null;

  @Column('varchar', { nullable: true })
  featuredCollectionUrl: string | null;

  @Column('varchar', { default: 'Person' })
  actorType: ActorType;

  @Column('text', { default: '' })
  publicKey: string;

  @Column('text', { nullable: true, select: false })
  privateKey: string | null;

  /** Ed25519 public key (PEM) for Object Integrity Proofs. */
  @Column('text', { nullable: true })
  ed25519PublicKey: string | null;

  @Column('text', { nullable: true, select: false })
  ed25519PrivateKey: string | null;

  @Column('boolean', { default: false })
  locked: boolean;

  @Column('boolean', { nullable: true })
  discoverable: boolean | null;

  @Column('boolean', { default: false })
  indexable: boolean;

  @Column('boolean', { nullable: true })
  hideCollections: boolean | null;

  @Column('boolean', { default: false })
  memorial: boolean;

  @Column('jsonb', { default: () => "'[]'::jsonb" })
  fields: AccountField[];

  @Column('varchar', { nullable: true })
  avatarFileName: string | null;

  @Column('varchar', { nullable: true })
  avatarContentType: string | null;

  @Column('varchar', { nullable: true })
  avatarRemoteUrl: string | null;

  @Column('text', { default: '' })
  avatarDescription: string;

  @Column('varchar', { nullable: true })
  headerFileName: string | null;

  @Column('varchar', { nullable: true })
  headerContentType: string | null;

  @Column('varchar', { nullable: true })
  headerRemoteUrl: string | null;

  @Column('text', { default: '' })
  headerDescription: string;

  /** The profile shows the Media tab (Mastodon 4.6), with replies when `showMediaReplies`. */
  @Column('boolean', { default: true })
  showMedia: boolean;

  @Column('boolean', { default: true })
  showMediaReplies: boolean;

  /** The profile shows the Featured tab. */
  @Column('boolean', { default: true })
  showFeatured: boolean;

  /** Domains whose pages may credit this account as their author. */
  @Column('varchar', { array: true, default: () => "'{}'" })
  attributionDomains: string[];

  @Column('timestamptz', { nullable: true })
  suspendedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  silencedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  sensitizedAt: Date | null;

  @Column('bigint', { nullable: true })
  movedToAccountId: string | null;

  /** Actor ids of the accounts this one says it also is (remote actors' `alsoKnownAs`). */
  @Column('varchar', { array: true, default: () => "'{}'" })
  alsoKnownAs: string[];

  @Column('timestamptz', { nullable: true })
  lastWebfingeredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /**
   * Moves (in the database, by trigger) on every write that changes how the account renders:
   * the rendered-status cache's key. Never written by the application.
   */
  @Column({ type: 'bigint', default: 0, insert: false, update: false })
  renderVersion: string;

  get isLocal(): boolean {
    return this.domain === null;
  }
}
