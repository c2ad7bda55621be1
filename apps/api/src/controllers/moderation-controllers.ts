import { Type } from '@nestjs/common';
import { AdminAccountsController } from './api/v1/admin/accounts.controller';
import { AdminCanonicalEmailBlocksController } from './api/v1/admin/canonical-email-blocks.controller';
import { AdminDimensionsController } from './api/v1/admin/dimensions.controller';
import { AdminDomainAllowsController } from './api/v1/admin/domain-allows.controller';
import { AdminDomainBlocksController } from './api/v1/admin/domain-blocks.controller';
import { AdminEmailDomainBlocksController } from './api/v1/admin/email-domain-blocks.controller';
import { AdminIpBlocksController } from './api/v1/admin/ip-blocks.controller';
import { AdminMeasuresController } from './api/v1/admin/measures.controller';
import { AdminReportsController } from './api/v1/admin/reports.controller';
import { AdminRetentionController } from './api/v1/admin/retention.controller';
import { AdminTagsController } from './api/v1/admin/tags.controller';
import { AdminTrendsController } from './api/v1/admin/trends.controller';
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
  AdminEmailDomainBlocksController,
  AdminCanonicalEmailBlocksController,
  AdminIpBlocksController,
  AdminTagsController,
  AdminTrendsController,
  AdminMeasuresController,
  AdminDimensionsController,
  AdminRetentionController,
  InstanceDomainBlocksController,
];
