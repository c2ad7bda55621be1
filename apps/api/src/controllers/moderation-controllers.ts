import { Type } from '@nestjs/common';
import { AdminAccountsController } from './api/v1/admin/accounts.controller';
import { AdminDomainAllowsController } from './api/v1/admin/domain-allows.controller';
import { AdminDomainBlocksController } from './api/v1/admin/domain-blocks.controller';
import { AdminReportsController } from './api/v1/admin/reports.controller';
import { InstanceDomainBlocksController } from './api/v1/instance/domain-blocks.controller';
import { ReportsController } from './api/v1/reports.controller';
import { AdminAccountsV2Controller } from './api/v2/admin/accounts.controller';

/** Reports, the admin API and the instance's domain blocks (issue 12), in registration order. */
export const MODERATION_CONTROLLERS: Type[] = [
  ReportsController,
  AdminAccountsController,
  AdminAccountsV2Controller,
  AdminReportsController,
  AdminDomainBlocksController,
  AdminDomainAllowsController,
  InstanceDomainBlocksController,
];
