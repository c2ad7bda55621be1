import { Provider } from '@nestjs/common';
import { SearchAccountsService } from './search-accounts.service';
import { SearchStatusesService } from './search-statuses.service';
import { SearchService } from './search.service';

/** The search feature's providers, registered by CoreModule. */
export const SEARCH_PROVIDERS: Provider[] = [
  SearchAccountsService,
  SearchStatusesService,
  SearchService,
];
