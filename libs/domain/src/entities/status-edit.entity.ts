import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

const bigintArray = {
  to: (value: string[] | null) => value,
  from: (value: Array<string | number> | null) => (value ? value.map(String) : null),
};

/** One version of an edited status; the first is the original, at the status's creation time. */
@Entity('status_edits')
export class StatusEdit {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  statusId: string;

  @Column('bigint', { nullable: true })
  accountId: string | null;

  @Column('text', { default: '' })
  text: string;

  @Column('text', { nullable: true })
  contentHtml: string | null;

  @Column('text', { default: '' })
  spoilerText: string;

  @Column('boolean', { default: false })
  sensitive: boolean;

  @Column('varchar', { nullable: true })
  language: string | null;

  @Column('bigint', { array: true, nullable: true, transformer: bigintArray })
  orderedMediaAttachmentIds: string[] | null;

  /** Descriptions of the media at that version, in the same order. */
  @Column('text', { array: true, nullable: true })
  mediaDescriptions: Array<string | null> | null;

  @Column('varchar', { array: true, nullable: true })
  pollOptions: string[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
