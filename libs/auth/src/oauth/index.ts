export * from './access-token.service';
export * from './authorization-code.service';
export * from './client-authenticator.service';
export * from './oauth-error';
export * from './oauth-server.service';
export * from './oauth.module';
export * from './pkce';
export * from './run-middleware';
