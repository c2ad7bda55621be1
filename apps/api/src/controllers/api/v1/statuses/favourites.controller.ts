import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { FavouriteStatusService, UnfavouriteStatusService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';

/** POST /api/v1/statuses/:id/favourite and /unfavourite. */
@Controller('api/v1/statuses/:id')
export class StatusFavouritesController {
  constructor(
    private readonly favourite: FavouriteStatusService,
    private readonly unfavourite: UnfavouriteStatusService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Post('favourite')
  @HttpCode(200)
  @Scopes('write:favourites')
  async create(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.favourite.call(account, id), account);
  }

  @Post('unfavourite')
  @HttpCode(200)
  @Scopes('write:favourites')
  async destroy(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.unfavourite.call(account, id), account);
  }
}
