import { Controller, Get, Param } from '@nestjs/common';
import { ALL_SCOPES } from '@nestodon/access';
import { Scopes } from '@nestodon/auth';
import { AccountQueries } from '@nestodon/core';

/**
 * GET /api/v1/accounts/:id/identity_proofs: deprecated (Keybase proofs are gone since Mastodon
 * 3.5) and always `[]`, as Mastodon still answers old clients. Like Mastodon it wants a user
 * token of any scope and an account that exists.
 */
@Controller('api/v1/accounts/:id/identity_proofs')
export class AccountIdentityProofsController {
  constructor(private readonly accounts: AccountQueries) {}

  @Get()
  @Scopes(...ALL_SCOPES)
  async index(@Param('id') id: string): Promise<[]> {
    await this.accounts.byId(id);
    return [];
  }
}
