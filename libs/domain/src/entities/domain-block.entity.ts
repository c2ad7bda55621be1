import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export const DOMAIN_BLOCK_SEVERITIES = ['silence', 'suspend', 'noop'] as const;
export type DomainBlockSeverity = (typeof DOMAIN_BLOCK_SEVERITIES)[number];

/** An instance-level block of a server (and its subdomains). */
@Entity('domain_blocks')
export class DomainBlock {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  domain: string;

  @Column('varchar', { default: 'silence' })
  severity: DomainBlockSeverity;

  @Column('boolean', { default: false })
  rejectMedia: boolean;

  @Column('boolean', { default: false })
  rejectReports: boolean;

  @Column('text', { nullable: true })
  privateComment: string | null;

  @Column('text', { nullable: true })
  publicComment: string | null;

  /** Show the domain partly hidden in public lists. */
  @Column('boolean', { default: false })
  obfuscate: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A server federated with in limited federation mode. */
@Entity('domain_allows')
export class DomainAllow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column('varchar')
  domain: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
