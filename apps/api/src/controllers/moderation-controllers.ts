import { Type } from '@nestjs/common';
import { ReportsController } from './api/v1/reports.controller';

/** Reports and the admin API (issue 12), in registration order. */
export const MODERATION_CONTROLLERS: Type[] = [ReportsController];
