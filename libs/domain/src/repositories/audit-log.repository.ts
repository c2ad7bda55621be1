import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** An entry of the staff audit log with the username of who acted (null: the operator CLI). */
export interface AuditLogEntry {
  id: string;
  createdAt: Date;
  actor: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  humanIdentifier: string | null;
}

/** Reads of the staff audit log (`admin_action_logs`), written through ActionLog. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The newest entries first, at most `limit`. */
  async latest(limit: number): Promise<AuditLogEntry[]> {
    const rows: Array<{
      id: string;
      created_at: Date;
      actor: string | null;
      action: string;
      target_type: string;
      target_id: string | null;
      human_identifier: string | null;
    }> = await this.dataSource.query(
      `SELECT l.id::text AS id, l.created_at, a.username AS actor, l.action, l.target_type,
              l.target_id::text AS target_id, l.human_identifier
         FROM admin_action_logs l LEFT JOIN accounts a ON a.id = l.account_id
        ORDER BY l.id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      actor: row.actor,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      humanIdentifier: row.human_identifier,
    }));
  }
}
