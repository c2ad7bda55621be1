import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A role with a permission bitmask (see permissions.ts); id -99 is the everyone role. */
@Entity('user_roles')
export class UserRole {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar', { default: '' })
  name: string;

  @Column('varchar', { default: '' })
  color: string;

  @Column('integer', { default: 0 })
  position: number;

  /** Decimal string of a 64-bit mask. */
  @Column('bigint', { default: '0' })
  permissions: string;

  @Column('boolean', { default: false })
  highlighted: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
