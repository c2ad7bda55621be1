import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Sign-ups with an address at this domain (or a subdomain, or whose MX is here) are refused. */
@Entity('email_domain_blocks')
export class EmailDomainBlock {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  domain: string;

  /** Let them sign up, but only with staff approval. */
  @Column('boolean', { default: false })
  allowWithApproval: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** One e-mail address (all its spellings) that may not sign up again. */
@Entity('canonical_email_blocks')
export class CanonicalEmailBlock {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** SHA-256 (hex) of the canonical address. */
  @Column('varchar')
  canonicalEmailHash: string;

  @Column('bigint', { nullable: true })
  referenceAccountId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

export const IP_BLOCK_SEVERITIES = [
  'sign_up_requires_approval',
  'sign_up_block',
  'no_access',
] as const;
export type IpBlockSeverity = (typeof IP_BLOCK_SEVERITIES)[number];

/** An address or range refused sign-up (or approval-only), or any access. */
@Entity('ip_blocks')
export class IpBlock {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  /** As PostgreSQL's inet prints it (a host address has no prefix). */
  @Column('inet')
  ip: string;

  @Column('varchar')
  severity: IpBlockSeverity;

  @Column('text', { default: '' })
  comment: string;

  @Column('timestamptz', { nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
