import { Injectable } from '@nestjs/common';
import { Account, Status } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { StatusVisibilityService } from './status-visibility.service';

/** Takes a status off one's profile (nothing to do when it was not pinned). */
@Injectable()
export class UnpinStatusService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    await this.dataSource.query(
      `DELETE FROM status_pins WHERE account_id = $1 AND status_id = $2`,
      [account.id, status.id],
    );
    return status;
  }
}
