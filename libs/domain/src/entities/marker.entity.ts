import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const MARKER_TIMELINES = ['home', 'notifications'] as const;
export type MarkerTimeline = (typeof MARKER_TIMELINES)[number];

/** Where a user stopped reading a timeline; `lockVersion` is the optimistic lock (version). */
@Entity('markers')
export class Marker {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  userId: string;

  @Column('varchar')
  timeline: MarkerTimeline;

  @Column('bigint', { default: '0' })
  lastReadId: string;

  @Column('integer', { default: 0 })
  lockVersion: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
