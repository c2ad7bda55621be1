import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A custom emoji, local (domain NULL) or copied from a remote server. */
@Entity('custom_emojis')
export class CustomEmoji {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  shortcode: string;

  @Column('varchar', { nullable: true })
  domain: string | null;

  @Column('varchar', { nullable: true })
  uri: string | null;

  @Column('varchar', { nullable: true })
  imageFileName: string | null;

  @Column('varchar', { nullable: true })
  imageContentType: string | null;

  @Column('varchar', { nullable: true })
  imageRemoteUrl: string | null;

  @Column('boolean', { default: true })
  visibleInPicker: boolean;

  @Column('boolean', { default: false })
  disabled: boolean;

  @Column('varchar', { nullable: true })
  category: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
