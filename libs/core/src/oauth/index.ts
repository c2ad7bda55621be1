export * from './access-token-queries';
export * from './authenticate-user.service';
export * from './create-application.service';
export * from './oauth.providers';
export * from './revoke-token.service';
export * from './session-user-queries';
export * from './revoke-authorized-application.service';
