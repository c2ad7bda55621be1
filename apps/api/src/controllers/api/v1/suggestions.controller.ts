import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { DismissSuggestionService, AccountQueries, SuggestAccountsService } from '@nestodon/core';
import { Account, ValidationError } from '@nestodon/domain';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';

export const SUGGESTIONS_DEFAULT_LIMIT = 40;

/** Mastodon's limit_param: absent → 40; otherwise |limit| up to 80 (0 → 40). */
export function suggestionsLimit(raw: unknown): number {
  if (raw === undefined || raw === '') return SUGGESTIONS_DEFAULT_LIMIT;
  if (typeof raw !== 'string' || !/^-?\d+$/.test(raw.trim())) {
    throw new ValidationError('Validation failed: limit must be an integer');
  }
  const limit = Math.min(Math.abs(Number(raw)), SUGGESTIONS_DEFAULT_LIMIT * 2);
  return limit === 0 ? SUGGESTIONS_DEFAULT_LIMIT : limit;
}

/**
 * GET /api/v1/suggestions (deprecated: accounts only) and DELETE /api/v1/suggestions/:id
 * (never suggest this account again, `{}`). Mastodon requires the `read` scope for both.
 */
@Controller('api/v1/suggestions')
export class SuggestionsController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly suggestions: SuggestAccountsService,
    private readonly dismissals: DismissSuggestionService,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('read')
  async index(
    @Query('limit') limit: unknown,
    @CurrentAccount() viewer: Account,
  ): Promise<AccountJson[]> {
    const suggestions = await this.suggestions.call(viewer, suggestionsLimit(limit));
    return this.presenter.presentMany(suggestions.map((suggestion) => suggestion.account));
  }

  @Delete(':id')
  @Scopes('read')
  async destroy(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<Record<string, never>> {
    await this.dismissals.call(viewer, await this.accounts.byId(id));
    return {};
  }
}
