import { Controller, Get, Query, Res } from '@nestjs/common';
import { ALL_SCOPES } from '@nestodon/access';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { DonationCampaignQueries } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import type { Response } from 'express';

/**
 * GET /api/v1/donation_campaigns (Mastodon 4.5): the donation campaign to show the user, from
 * the service named by DONATION_CAMPAIGNS_URL; 204 No Content when there is none (or no
 * service). Like Mastodon it wants a user token of any scope.
 */
@Controller('api/v1/donation_campaigns')
export class DonationCampaignsController {
  constructor(private readonly campaigns: DonationCampaignQueries) {}

  @Get()
  @Scopes(...ALL_SCOPES)
  async index(
    @CurrentAccount() account: Account,
    @Query('locale') locale: unknown,
    @Res({ passthrough: true }) res: Response,
  ): Promise<object | undefined> {
    const wanted = typeof locale === 'string' && /^[A-Za-z-]{2,16}$/.test(locale) ? locale : 'en';
    const campaign = await this.campaigns.current(account.id, wanted);
    if (!campaign) {
      res.status(204);
      return undefined;
    }
    return campaign;
  }
}
