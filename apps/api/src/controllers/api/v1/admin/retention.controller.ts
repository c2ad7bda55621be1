import { Body, Controller } from '@nestjs/common';
import { DashboardMetricsQueries } from '@nestodon/core';
import { Permission } from '@nestodon/domain';
import { AdminCohortJson, serializeAdminCohorts } from '@nestodon/serializers';
import { IsISO8601, IsOptional, IsString } from 'class-validator';
import { AdminPost } from '../../../../support/admin-route';

class RetentionBody {
  @IsISO8601()
  start_at: string;

  @IsISO8601()
  end_at: string;

  @IsOptional()
  @IsString()
  frequency?: string;
}

/**
 * POST /api/v1/admin/retention: sign-up cohorts by day or month (anything else counts as a
 * day, as in Mastodon) and how many of each came back later (view_dashboard).
 */
@Controller('api/v1/admin/retention')
export class AdminRetentionController {
  constructor(private readonly metrics: DashboardMetricsQueries) {}

  @AdminPost('', 'admin:read', Permission.ViewDashboard)
  async create(@Body() body: RetentionBody): Promise<AdminCohortJson[]> {
    const frequency = body.frequency === 'month' ? 'month' : 'day';
    const period = { start: new Date(body.start_at), end: new Date(body.end_at) };
    return serializeAdminCohorts(await this.metrics.retention(period, frequency), frequency);
  }
}
