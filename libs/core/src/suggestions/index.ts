export * from './dismiss-suggestion.service';
export * from './follow-recommended-accounts.service';
export * from './recommend-account.service';
export * from './recommended-account-queries';
export * from './record-interaction.service';
export * from './suggest-accounts.service';
export * from './suggestions.providers';
export * from './unrecommend-account.service';
