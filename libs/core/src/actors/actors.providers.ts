import { Provider } from '@nestjs/common';
import { EnsureAccountKeysService } from './ensure-account-keys.service';
import { EnsureInstanceActorKeysService } from './ensure-instance-actor-keys.service';
import { RotateAccountKeysService } from './rotate-account-keys.service';
import { StoreRemoteAccountService } from './store-remote-account.service';

/** The actors feature's providers (federation keys), registered by CoreModule. */
export const ACTORS_PROVIDERS: Provider[] = [
  EnsureAccountKeysService,
  EnsureInstanceActorKeysService,
  RotateAccountKeysService,
  StoreRemoteAccountService,
];
