import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Account } from './account.entity';
import { UserRole } from './user-role.entity';

/** The login of a local account: e-mail, password and account state. */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('bigint')
  accountId: string;

  @OneToOne(() => Account, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: Account;

  @Column('varchar')
  email: string;

  @Column('varchar', { default: '', select: false })
  encryptedPassword: string;

  @Column('varchar', { nullable: true })
  locale: string | null;

  @Column('varchar', { array: true, nullable: true })
  chosenLanguages: string[] | null;

  @Column('timestamptz', { nullable: true })
  confirmedAt: Date | null;

  @Column('varchar', { nullable: true })
  unconfirmedEmail: string | null;

  @Column('boolean', { default: true })
  approved: boolean;

  @Column('boolean', { default: false })
  disabled: boolean;

  @Column('bigint', { nullable: true })
  roleId: string | null;

  @ManyToOne(() => UserRole, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'role_id' })
  role?: UserRole | null;

  @Column('varchar', { nullable: true, select: false })
  confirmationTokenDigest: string | null;

  @Column('timestamptz', { nullable: true })
  confirmationSentAt: Date | null;

  @Column('boolean', { default: false })
  agreement: boolean;

  @Column('text', { nullable: true })
  signUpReason: string | null;

  @Column('bigint', { nullable: true })
  createdByApplicationId: string | null;

  @Column('bigint', { nullable: true })
  inviteId: string | null;

  @Column('inet', { nullable: true })
  signUpIp: string | null;

  @Column('timestamptz', { nullable: true })
  currentSignInAt: Date | null;

  @Column('timestamptz', { nullable: true })
  lastSignInAt: Date | null;

  @Column('jsonb', { default: () => "'{}'::jsonb" })
  settings: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** Whether the user may use the API: confirmed, approved and not disabled. */
export function userState(
  user: Pick<User, 'confirmedAt' | 'approved' | 'disabled'>,
): 'functional' | 'unconfirmed' | 'pending' | 'disabled' {
  if (user.disabled) return 'disabled';
  if (!user.confirmedAt) return 'unconfirmed';
  if (!user.approved) return 'pending';
  return 'functional';
}
