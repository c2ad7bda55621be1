import { Provider } from '@nestjs/common';
import { DeploySearchService } from './deploy-search.service';
import { SearchAccountsService } from './search-accounts.service';
import { SearchStatusesService } from './search-statuses.service';
import { SearchService } from './search.service';

/** The search feature's providers, registered by CoreModule. */
export const SEARCH_PROVIDERS: Provider[] = [
  DeploySearchService,
  SearchAccountsService,
  SearchStatusesService,
  SearchService,
];
