import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';

/** Ids of remote objects deleted before they arrived (see the tombstones migration). */
@Injectable()
export class TombstoneRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(uri: string, accountId: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource).query(
      `INSERT INTO tombstones (uri, account_id) VALUES ($1, $2) ON CONFLICT (uri) DO NOTHING`,
      [uri, accountId],
    );
  }

  async exists(uri: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM tombstones WHERE uri = $1`, [
      uri,
    ]);
    return rows.length > 0;
  }
}
