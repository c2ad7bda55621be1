import { Body, Controller, Req } from '@nestjs/common';
import { DashboardMetricsQueries, DIMENSION_KEYS, DimensionKey } from '@nestodon/core';
import { Permission } from '@nestodon/domain';
import { ToInteger } from '@nestodon/http';
import { AdminDimensionJson, serializeAdminDimension } from '@nestodon/serializers';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Request } from 'express';
import { AdminPost } from '../../../../support/admin-route';
import { MetricsBody, metricTarget, periodOf } from './metrics-params';

class DimensionsBody extends MetricsBody {
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(1000)
  limit?: number;
}

const isDimension = (key: string): key is DimensionKey =>
  (DIMENSION_KEYS as readonly string[]).includes(key);

/**
 * POST /api/v1/admin/dimensions: the dashboard's top values of something (languages,
 * servers, space usage, …) over the period, at most `limit` each (view_dashboard).
 */
@Controller('api/v1/admin/dimensions')
export class AdminDimensionsController {
  constructor(private readonly metrics: DashboardMetricsQueries) {}

  @AdminPost('', 'admin:read', Permission.ViewDashboard)
  async create(@Body() body: DimensionsBody, @Req() req: Request): Promise<AdminDimensionJson[]> {
    const period = periodOf(body);
    const keys = (body.keys ?? []).filter(isDimension);
    const targets = keys.map((key) => metricTarget(req.body, key));
    return Promise.all(
      keys.map(async (key, i) =>
        serializeAdminDimension(
          key,
          await this.metrics.dimension(key, period, body.limit ?? null, targets[i]),
        ),
      ),
    );
  }
}
