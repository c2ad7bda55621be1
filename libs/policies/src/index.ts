export * from './account-visibility.policy';
export * from './endorsement.policy';
export * from './follow.policy';
export * from './network.policy';
export * from './status.policy';
export * from './filter.policy';
export * from './feed.policy';
export * from './notification.policy';
