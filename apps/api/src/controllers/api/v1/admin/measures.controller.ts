import { Body, Controller, Req } from '@nestjs/common';
import { DashboardMetricsQueries } from '@nestodon/core';
import { MEASURE_KEYS, MeasureKey, Permission } from '@nestodon/domain';
import { AdminMeasureJson, serializeAdminMeasure } from '@nestodon/serializers';
import type { Request } from 'express';
import { AdminPost } from '../../../../support/admin-route';
import { MetricsBody, metricTarget, periodOf } from './metrics-params';

const isMeasure = (key: string): key is MeasureKey => (MEASURE_KEYS as string[]).includes(key);

/**
 * POST /api/v1/admin/measures: the dashboard's counts per day (view_dashboard), for the
 * known `keys` in the order given; unknown keys are left out, as in Mastodon.
 */
@Controller('api/v1/admin/measures')
export class AdminMeasuresController {
  constructor(private readonly metrics: DashboardMetricsQueries) {}

  @AdminPost('', 'admin:read', Permission.ViewDashboard)
  async create(@Body() body: MetricsBody, @Req() req: Request): Promise<AdminMeasureJson[]> {
    const period = periodOf(body);
    const keys = (body.keys ?? []).filter(isMeasure);
    const targets = keys.map((key) => metricTarget(req.body, key));
    return Promise.all(
      keys.map(async (key, i) =>
        serializeAdminMeasure(
          key,
          await this.metrics.measure(key, period, targets[i]),
          key === 'instance_media_attachments' ? 'bytes' : null,
        ),
      ),
    );
  }
}
