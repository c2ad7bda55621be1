import { Provider } from '@nestjs/common';
import { AddListAccountsService } from './add-list-accounts.service';
import { CreateListService } from './create-list.service';
import { DeleteListService } from './delete-list.service';
import { ListQueries } from './list-queries';
import { RemoveListAccountsService } from './remove-list-accounts.service';
import { UpdateListService } from './update-list.service';

/** The lists feature's providers, registered by CoreModule. */
export const LISTS_PROVIDERS: Provider[] = [
  AddListAccountsService,
  CreateListService,
  DeleteListService,
  ListQueries,
  RemoveListAccountsService,
  UpdateListService,
];
