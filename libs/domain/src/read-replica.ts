import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Read-heavy id queries (timeline, profile and directory pages) run here: on the replica of
 * REPLICA_DATABASE_URL when one is configured, on the primary otherwise. Only pages of ids read
 * here; the rows they name are loaded from the primary, so a page never shows a stale status,
 * and a status written a moment ago may simply appear a moment later, as on Mastodon.
 */
@Injectable()
export class ReadReplica {
  private readonly replicated: boolean;

  constructor(private readonly dataSource: DataSource) {
    this.replicated = 'replication' in dataSource.options && !!dataSource.options.replication;
  }

  async query<T>(sql: string, params: unknown[]): Promise<T[]> {
    if (!this.replicated) return this.dataSource.query(sql, params);
    const runner = this.dataSource.createQueryRunner('slave');
    try {
      return (await runner.query(sql, params)) as T[];
    } finally {
      await runner.release();
    }
  }
}
