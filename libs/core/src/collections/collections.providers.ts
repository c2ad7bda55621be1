import { Provider } from '@nestjs/common';
import { AddCollectionItemService } from './add-collection-item.service';
import { CollectionQueries } from './collection-queries';
import { CreateCollectionService } from './create-collection.service';
import { DeleteCollectionService } from './delete-collection.service';
import { FeatureAccountService } from './feature-account.service';
import { RemoveCollectionItemService } from './remove-collection-item.service';
import { RevokeCollectionItemService } from './revoke-collection-item.service';
import { UpdateCollectionService } from './update-collection.service';

/** The collections feature's providers, registered by CoreModule. */
export const COLLECTIONS_PROVIDERS: Provider[] = [
  AddCollectionItemService,
  CollectionQueries,
  CreateCollectionService,
  DeleteCollectionService,
  FeatureAccountService,
  RemoveCollectionItemService,
  RevokeCollectionItemService,
  UpdateCollectionService,
];
