export * from './access-block-queries';
export * from './access-blocks.providers';
export * from './block-canonical-email.service';
export * from './block-email-domain.service';
export * from './block-ip.service';
export * from './mx-hosts';
export * from './no-access-ips';
export * from './remove-access-block.service';
