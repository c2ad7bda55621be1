import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/**
 * A hashtag featured on a profile. `statusesCount`/`lastStatusAt` count the owner's public
 * posts with the tag; the statuses code keeps them current.
 */
@Entity('featured_tags')
export class FeaturedTag {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @Column('bigint')
  tagId: string;

  /** The spelling the owner chose. */
  @Column('varchar')
  name: string;

  @Column('bigint', {
    default: 0,
    transformer: { to: (v: number) => v, from: (v: string) => Number(v) },
  })
  statusesCount: number;

  @Column('timestamptz', { nullable: true })
  lastStatusAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
