import { Account, OAuthApplication, User } from '@nestodon/domain';

/** Who is calling, attached to the request by the auth guard (anonymous: no context). */
export interface AuthContext {
  tokenId: string;
  /** Granted scopes, parents expanded. */
  scopes: Set<string>;
  application: OAuthApplication | null;
  /** Null for app tokens (client_credentials). */
  user: (User & { account: Account }) | null;
}

export interface RequestWithAuth {
  auth?: AuthContext;
}
