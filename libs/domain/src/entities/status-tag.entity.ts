import { Entity, PrimaryColumn } from 'typeorm';

/** A hashtag used in a status (statuses_tags join table). */
@Entity('statuses_tags')
export class StatusTag {
  @PrimaryColumn('bigint')
  tagId: string;

  @PrimaryColumn('bigint')
  statusId: string;
}
