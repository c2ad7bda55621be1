import { Provider } from '@nestjs/common';
import { DismissSuggestionService } from './dismiss-suggestion.service';
import { FollowRecommendedAccountsService } from './follow-recommended-accounts.service';
import { RecommendAccountService } from './recommend-account.service';
import { RecommendedAccountQueries } from './recommended-account-queries';
import { RecordInteractionService } from './record-interaction.service';
import { SuggestAccountsService } from './suggest-accounts.service';
import { UnrecommendAccountService } from './unrecommend-account.service';

/** The suggestions feature's providers, registered by CoreModule. */
export const SUGGESTIONS_PROVIDERS: Provider[] = [
  RecordInteractionService,
  SuggestAccountsService,
  DismissSuggestionService,
  FollowRecommendedAccountsService,
  RecommendAccountService,
  UnrecommendAccountService,
  RecommendedAccountQueries,
];
