import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { ReblogStatusService, UnreblogStatusService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { RateLimit } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { STATUS_DELETE_RATE_LIMIT, STATUS_RATE_LIMIT } from '../statuses.controller';

class ReblogParams {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === '' || value === null ? undefined : value,
  )
  @IsString()
  visibility?: string;
}

/** POST /api/v1/statuses/:id/reblog and /unreblog. */
@Controller('api/v1/statuses/:id')
export class StatusReblogsController {
  constructor(
    private readonly reblog: ReblogStatusService,
    private readonly unreblog: UnreblogStatusService,
    private readonly presenter: StatusPresenter,
  ) {}

  /** Returns the reblog, with the reblogged status inside. */
  @Post('reblog')
  @HttpCode(200)
  @Scopes('write:statuses')
  @RateLimit(STATUS_RATE_LIMIT)
  async create(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: ReblogParams,
  ): Promise<StatusJson> {
    const reblog = await this.reblog.call(account, id, { visibility: body.visibility });
    return this.presenter.present(reblog, account);
  }

  /** Returns the reblogged status, no longer reblogged by the caller. */
  @Post('unreblog')
  @HttpCode(200)
  @Scopes('write:statuses')
  @RateLimit(STATUS_DELETE_RATE_LIMIT)
  async destroy(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.unreblog.call(account, id), account);
  }
}
