import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A keyword of a filter; a v1 filter is one of these (its id is the v1 id). */
@Entity('custom_filter_keywords')
export class CustomFilterKeyword {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  customFilterId: string;

  @Column('text')
  keyword: string;

  @Column('boolean', { default: true })
  wholeWord: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
