import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Where a filter applies (Mastodon's contexts). */
export const FILTER_CONTEXTS = ['home', 'notifications', 'public', 'thread', 'account'] as const;
export type FilterContextName = (typeof FILTER_CONTEXTS)[number];

/** What a matching filter does: warn (collapsed with a notice), hide (removed), blur (media). */
export const FilterAction = { Warn: 0, Hide: 1, Blur: 2 } as const;
export type FilterAction = (typeof FilterAction)[keyof typeof FilterAction];
export const FILTER_ACTION_NAMES = ['warn', 'hide', 'blur'] as const;
export type FilterActionName = (typeof FILTER_ACTION_NAMES)[number];

/** A user's filter (v2): keywords and statuses, applied in some contexts until it expires. */
@Entity('custom_filters')
export class CustomFilter {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  /** The v2 title (v1 phrases live in keywords). */
  @Column('text', { default: '' })
  phrase: string;

  @Column('varchar', { array: true, default: '{}' })
  context: FilterContextName[];

  @Column('smallint', { default: FilterAction.Warn })
  action: FilterAction;

  @Column('timestamptz', { nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
