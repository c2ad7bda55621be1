import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A server setting changed at runtime: its name (`var`, as Mastodon) and a JSON value. */
@Entity('settings')
export class Setting {
  @PrimaryColumn('varchar')
  var: string;

  @Column('jsonb')
  value: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
