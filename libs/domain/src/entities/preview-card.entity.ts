import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Mastodon's card types, stored as a smallint. */
export const PREVIEW_CARD_TYPES = ['link', 'photo', 'video', 'rich'] as const;
export type PreviewCardType = (typeof PREVIEW_CARD_TYPES)[number];

/**
 * A link preview: what the page at `url` says about itself (OpenGraph, Twitter cards, oEmbed),
 * with its image re-hosted in media storage (`imageFileName`, key from previewCardImageKey).
 */
@Entity('preview_cards')
export class PreviewCard {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  url: string;

  @Column('varchar', { default: '' })
  title: string;

  @Column('varchar', { default: '' })
  description: string;

  @Column('smallint', {
    default: 0,
    transformer: {
      to: (value: PreviewCardType | undefined) =>
        value === undefined ? undefined : PREVIEW_CARD_TYPES.indexOf(value),
      from: (value: number) => PREVIEW_CARD_TYPES[value] ?? 'link',
    },
  })
  type: PreviewCardType;

  /** Whether the page calls itself an article (og:type); only articles trend as links. */
  @Column('boolean', { default: false })
  article: boolean;

  /** Embed HTML: only from allow-listed oEmbed providers, sanitised to one iframe. */
  @Column('text', { default: '' })
  html: string;

  @Column('varchar', { default: '' })
  authorName: string;

  @Column('varchar', { default: '' })
  authorUrl: string;

  @Column('varchar', { default: '' })
  providerName: string;

  @Column('varchar', { default: '' })
  providerUrl: string;

  @Column('integer', { default: 0 })
  width: number;

  @Column('integer', { default: 0 })
  height: number;

  @Column('varchar', { default: '' })
  embedUrl: string;

  @Column('varchar', { nullable: true })
  imageFileName: string | null;

  @Column('varchar', { nullable: true })
  imageContentType: string | null;

  @Column('integer', { nullable: true })
  imageFileSize: number | null;

  @Column('varchar', { default: '' })
  imageDescription: string;

  @Column('varchar', { nullable: true })
  blurhash: string | null;

  @Column('varchar', { nullable: true })
  language: string | null;

  @Column('timestamptz', { nullable: true })
  publishedAt: Date | null;

  @Column('double precision', { nullable: true })
  maxScore: number | null;

  @Column('timestamptz', { nullable: true })
  maxScoreAt: Date | null;

  /** Review state for link trends (null: not reviewed). */
  @Column('boolean', { nullable: true })
  trendable: boolean | null;

  /** When the page was last read (refreshed after a week). */
  @Column('timestamptz', { nullable: true })
  fetchedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
