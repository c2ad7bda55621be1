import { Body, Controller, Delete, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  CancelScheduledStatusService,
  ScheduledStatusQueries,
  UpdateScheduledStatusService,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Page, PageParams, setPageLinks, Update } from '@nestodon/http';
import { ScheduledStatusJson, serializeScheduledStatus } from '@nestodon/serializers';
import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import type { Request, Response } from 'express';
import { parseTime } from './statuses/status-params';

class UpdateScheduledParams {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === '' || value === null ? undefined : value,
  )
  @IsString()
  scheduled_at?: string;
}

/** /api/v1/scheduled_statuses: list, show, move and cancel one's scheduled statuses. */
@Controller('api/v1/scheduled_statuses')
export class ScheduledStatusesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scheduled: ScheduledStatusQueries,
    private readonly updating: UpdateScheduledStatusService,
    private readonly cancelling: CancelScheduledStatusService,
  ) {}

  @Get()
  @Scopes('read:statuses')
  async index(
    @CurrentAccount() account: Account,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ScheduledStatusJson[]> {
    const result = await this.scheduled.list(account, page);
    setPageLinks(req, res, this.config.instance.baseUrl, result);
    return result.items.map(({ scheduled, media }) =>
      serializeScheduledStatus(scheduled, media, this.config),
    );
  }

  @Get(':id')
  @Scopes('read:statuses')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<ScheduledStatusJson> {
    const { scheduled, media } = await this.scheduled.find(account, id);
    return serializeScheduledStatus(scheduled, media, this.config);
  }

  @Update(':id')
  @Scopes('write:statuses')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: UpdateScheduledParams,
  ): Promise<ScheduledStatusJson> {
    const updated = await this.updating.call(
      account,
      id,
      parseTime(body.scheduled_at, 'scheduled_at'),
    );
    const [{ scheduled, media }] = await this.scheduled.withMedia([updated]);
    return serializeScheduledStatus(scheduled, media, this.config);
  }

  @Delete(':id')
  @Scopes('write:statuses')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.cancelling.call(account, id);
    return {};
  }
}
