import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EVERYONE_ROLE_ID, Permission } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { NotifyService } from './notify.service';

/**
 * admin.sign_up: tells every staff member whose role may manage users (or administer) that an
 * account signed up. The new account itself is never told.
 */
@Injectable()
export class NotifyAdminsOfSignUpService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly notifier: NotifyService,
  ) {}

  async notify(accountId: string): Promise<number> {
    const mask = (Permission.ManageUsers | Permission.Administrator).toString();
    const rows: Array<{ account_id: string }> = await this.dataSource.query(
      `SELECT u.account_id::text FROM users u
         LEFT JOIN user_roles r ON r.id = u.role_id
         LEFT JOIN user_roles e ON e.id = $3
        WHERE NOT u.disabled AND u.account_id <> $1
          AND ((COALESCE(r.permissions, 0) | COALESCE(e.permissions, 0)) & $2::bigint) <> 0
        ORDER BY u.id`,
      [accountId, mask, EVERYONE_ROLE_ID],
    );
    let created = 0;
    for (const row of rows) {
      const { notification } = await this.notifier.notify({
        recipientId: row.account_id,
        type: 'admin.sign_up',
        fromAccountId: accountId,
      });
      if (notification) created++;
    }
    return created;
  }
}
