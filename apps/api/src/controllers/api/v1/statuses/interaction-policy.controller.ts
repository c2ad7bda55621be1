import { Body, Controller, Param } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { UpdateInteractionPolicyService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Update } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';

class InteractionPolicyParams {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === '' || value === null ? undefined : value,
  )
  @IsString()
  quote_approval_policy?: string;
}

/** PUT /api/v1/statuses/:id/interaction_policy: who may quote one's status (Mastodon 4.5). */
@Controller('api/v1/statuses/:id/interaction_policy')
export class StatusInteractionPolicyController {
  constructor(
    private readonly updater: UpdateInteractionPolicyService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Update()
  @Scopes('write:statuses')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: InteractionPolicyParams,
  ): Promise<StatusJson> {
    const status = await this.updater.call(account, id, body.quote_approval_policy);
    return this.presenter.present(status, account);
  }
}
