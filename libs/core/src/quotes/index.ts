export * from './quote-queries';
export * from './quotes.providers';
export * from './revoke-quote.service';
export * from './update-interaction-policy.service';
