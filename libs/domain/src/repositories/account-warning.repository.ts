import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AccountWarning,
  AccountWarningPreset,
  AdminActionLog,
} from '../entities/account-warning.entity';
import { Transaction } from '../transactions';

export type NewAccountWarning = Pick<
  AccountWarning,
  'accountId' | 'targetAccountId' | 'action' | 'text' | 'reportId' | 'statusIds'
>;

export type NewAdminActionLog = Pick<
  AdminActionLog,
  'accountId' | 'action' | 'targetType' | 'targetId' | 'humanIdentifier'
>;

/** Strikes, their presets and the staff audit log. */
@Injectable()
export class AccountWarningRepository {
  constructor(private readonly dataSource: DataSource) {}

  insertWarning(values: NewAccountWarning, tx?: Transaction): Promise<AccountWarning> {
    return this.manager(tx).getRepository(AccountWarning).save(values);
  }

  findPreset(id: string): Promise<AccountWarningPreset | null> {
    return this.dataSource.getRepository(AccountWarningPreset).findOneBy({ id });
  }

  async insertLog(values: NewAdminActionLog, tx?: Transaction): Promise<void> {
    await this.manager(tx).getRepository(AdminActionLog).insert(values);
  }

  private manager(tx?: Transaction) {
    return tx ?? this.dataSource.manager;
  }
}
