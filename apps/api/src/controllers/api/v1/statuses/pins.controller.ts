import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { PinStatusService, UnpinStatusService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';

/** POST /api/v1/statuses/:id/pin and /unpin (own statuses on one's profile). */
@Controller('api/v1/statuses/:id')
export class StatusPinsController {
  constructor(
    private readonly pin: PinStatusService,
    private readonly unpin: UnpinStatusService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Post('pin')
  @HttpCode(200)
  @Scopes('write:accounts')
  async create(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.pin.call(account, id), account);
  }

  @Post('unpin')
  @HttpCode(200)
  @Scopes('write:accounts')
  async destroy(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.unpin.call(account, id), account);
  }
}
