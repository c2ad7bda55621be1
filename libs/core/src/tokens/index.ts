export * from './create-user-token.service';
export * from './issue-access-token.service';
export * from './tokens.providers';
