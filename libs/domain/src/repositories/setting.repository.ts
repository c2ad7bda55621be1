import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';

/** Rows of `settings`: server settings by name, each value JSON. */
@Injectable()
export class SettingRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The stored values of the given names; a name without a row is absent from the map. */
  async values(names: readonly string[], tx?: Transaction): Promise<Map<string, unknown>> {
    const rows: Array<{ var: string; value: unknown }> = await this.manager(tx).query(
      `SELECT var, value FROM settings WHERE var = ANY($1::varchar[])`,
      [names],
    );
    return new Map(rows.map((row) => [row.var, row.value]));
  }

  /** Stores each value, replacing what the name had. */
  async save(values: Record<string, unknown>, tx?: Transaction): Promise<void> {
    const entries = Object.entries(values);
    if (entries.length === 0) return;
    await this.manager(tx).query(
      `INSERT INTO settings (var, value)
       SELECT name, value FROM unnest($1::varchar[], $2::jsonb[]) AS given (name, value)
       ON CONFLICT (var) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [entries.map(([name]) => name), entries.map(([, value]) => JSON.stringify(value))],
    );
  }

  private manager(tx?: Transaction): Transaction {
    return tx ?? this.dataSource.manager;
  }
}
