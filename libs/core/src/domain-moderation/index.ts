export * from './allow-domain.service';
export * from './block-instance-domain.service';
export * from './clear-domain-media.service';
export * from './disallow-domain.service';
export * from './domain-moderation-queries';
export * from './domain-moderation.providers';
export * from './unblock-instance-domain.service';
export * from './update-instance-domain-block.service';
