import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { MuteConversationService, UnmuteConversationService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';

/** POST /api/v1/statuses/:id/mute and /unmute (the status's whole thread). */
@Controller('api/v1/statuses/:id')
export class StatusMutesController {
  constructor(
    private readonly mute: MuteConversationService,
    private readonly unmute: UnmuteConversationService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Post('mute')
  @HttpCode(200)
  @Scopes('write:mutes')
  async create(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.mute.call(account, id), account);
  }

  @Post('unmute')
  @HttpCode(200)
  @Scopes('write:mutes')
  async destroy(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.unmute.call(account, id), account);
  }
}
