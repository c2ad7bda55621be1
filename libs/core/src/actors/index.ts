export * from './actor-keys';
export * from './actors.providers';
export * from './ensure-account-keys.service';
export * from './ensure-instance-actor-keys.service';
export * from './rotate-account-keys.service';
export * from './store-remote-account.service';
