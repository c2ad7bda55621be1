import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * An announcement by staff, shown to every local user once published (at once, or at
 * `scheduledAt`); `startsAt`/`endsAt` describe the event it announces.
 */
@Entity('announcements')
export class Announcement {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('text', { default: '' })
  text: string;

  @Column('boolean', { default: false })
  published: boolean;

  @Column('boolean', { default: false })
  allDay: boolean;

  @Column('timestamptz', { nullable: true })
  scheduledAt: Date | null;

  @Column('timestamptz', { nullable: true })
  startsAt: Date | null;

  @Column('timestamptz', { nullable: true })
  endsAt: Date | null;

  @Column('timestamptz', { nullable: true })
  publishedAt: Date | null;

  /** Statuses the announcement points to (public and unlisted ones are shown). */
  @Column('bigint', { array: true, nullable: true })
  statusIds: string[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
