import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * A named list of accounts its owner features on their profile (Mastodon 4.6). Remote
 * collections keep their `uri`; local ones derive it from the configured domain.
 */
@Entity('collections')
export class Collection {
  @PrimaryColumn({ type: 'bigint', default: () => "timestamp_id('collections')" })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('varchar')
  name: string;

  /** The text as its owner wrote it. */
  @Column('text')
  description: string;

  @Column('varchar', { nullable: true })
  language: string | null;

  @Column('boolean')
  local: boolean;

  @Column('boolean', { default: false })
  sensitive: boolean;

  /** Listed on the owner's profile for everyone; otherwise only reachable by its link. */
  @Column('boolean', { default: true })
  discoverable: boolean;

  @Column('bigint', { nullable: true })
  tagId: string | null;

  @Column('varchar', { nullable: true })
  uri: string | null;

  /** How many items the collection holds, whatever their state (Mastodon's counter). */
  @Column('integer', { default: 0 })
  itemCount: number;

  @Column('integer', { nullable: true })
  originalNumberOfItems: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** The featured account's consent to an item, stored as a smallint. */
export const CollectionItemState = {
  Pending: 0,
  Accepted: 1,
  Rejected: 2,
  Revoked: 3,
} as const;
export type CollectionItemState = (typeof CollectionItemState)[keyof typeof CollectionItemState];

export const COLLECTION_ITEM_STATE_NAMES = ['pending', 'accepted', 'rejected', 'revoked'] as const;

/**
 * An account in a collection, in `position` order. A local account is featured at once
 * (`accepted`); a remote one waits for its server's approval, which the federation work asks
 * for. The featured account may revoke its item.
 */
@Entity('collection_items')
export class CollectionItem {
  @PrimaryColumn({ type: 'bigint', default: () => "timestamp_id('collection_items')" })
  id: string;

  @Column('bigint')
  collectionId: string;

  @Column('bigint', { nullable: true })
  accountId: string | null;

  @Column('smallint', { default: CollectionItemState.Pending })
  state: CollectionItemState;

  @Column('integer', { default: 1 })
  position: number;

  @Column('varchar', { nullable: true })
  uri: string | null;

  @Column('varchar', { nullable: true })
  activityUri: string | null;

  @Column('varchar', { nullable: true })
  approvalUri: string | null;

  @Column('varchar', { nullable: true })
  objectUri: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
