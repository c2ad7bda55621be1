import { Type } from '@nestjs/common';
import { AdminAccountsController } from './api/v1/admin/accounts.controller';
import { AdminReportsController } from './api/v1/admin/reports.controller';
import { ReportsController } from './api/v1/reports.controller';
import { AdminAccountsV2Controller } from './api/v2/admin/accounts.controller';

/** Reports and the admin API (issue 12), in registration order. */
export const MODERATION_CONTROLLERS: Type[] = [
  ReportsController,
  AdminAccountsController,
  AdminAccountsV2Controller,
  AdminReportsController,
];
