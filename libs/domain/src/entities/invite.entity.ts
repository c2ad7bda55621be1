import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** An invite code; lets people sign up when registrations are closed. */
@Entity('invites')
export class Invite {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  userId: string;

  @Column('varchar')
  code: string;

  @Column('timestamptz', { nullable: true })
  expiresAt: Date | null;

  @Column('integer', { nullable: true })
  maxUses: number | null;

  @Column('integer', { default: 0 })
  uses: number;

  @Column('boolean', { default: false })
  autofollow: boolean;

  @Column('text', { nullable: true })
  comment: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Whether the code can still be used at `now`. */
  isValid(now = new Date()): boolean {
    return (
      (this.expiresAt === null || this.expiresAt > now) &&
      (this.maxUses === null || this.uses < this.maxUses)
    );
  }
}
