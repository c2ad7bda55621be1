import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A server rule shown at sign-up and in instance information. */
@Entity('rules')
export class Rule {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('text')
  text: string;

  @Column('text', { default: '' })
  hint: string;

  @Column('integer', { default: 0 })
  priority: number;

  @Column('timestamptz', { nullable: true })
  deletedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
