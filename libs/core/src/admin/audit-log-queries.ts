import { Injectable } from '@nestjs/common';
import { AuditLogEntry, AuditLogRepository } from '@nestodon/domain';

/** Reads of the staff audit log (the operator CLI's `audit-log list`; Mastodon has no API). */
@Injectable()
export class AuditLogQueries {
  constructor(private readonly logs: AuditLogRepository) {}

  latest(limit: number): Promise<AuditLogEntry[]> {
    return this.logs.latest(limit);
  }
}
