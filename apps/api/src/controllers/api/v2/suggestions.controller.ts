import { Controller, Get, Query } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { SuggestAccountsService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { AccountPresenter, serializeSuggestion, SuggestionJson } from '@nestodon/serializers';
import { suggestionsLimit } from '../v1/suggestions.controller';

/** GET /api/v2/suggestions: accounts to follow with the reasons (`sources`). */
@Controller('api/v2/suggestions')
export class SuggestionsV2Controller {
  constructor(
    private readonly suggestions: SuggestAccountsService,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('read')
  async index(
    @Query('limit') limit: unknown,
    @CurrentAccount() viewer: Account,
  ): Promise<SuggestionJson[]> {
    const suggestions = await this.suggestions.call(viewer, suggestionsLimit(limit));
    const accounts = await this.presenter.presentMany(suggestions.map((s) => s.account));
    return suggestions.map((suggestion, i) => serializeSuggestion(suggestion.sources, accounts[i]));
  }
}
