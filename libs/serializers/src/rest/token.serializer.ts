import { OAuthAccessToken } from '@nestodon/domain';

/** Mastodon's Token entity, as returned by POST /oauth/token and POST /api/v1/accounts. */
export interface TokenJson {
  access_token: string;
  token_type: 'Bearer';
  scope: string;
  /** UNIX seconds. */
  created_at: number;
}

/** The plaintext token is known only when it is issued; the row keeps a digest. */
export function serializeToken(
  row: Pick<OAuthAccessToken, 'scopes' | 'createdAt'>,
  plaintext: string,
): TokenJson {
  return {
    access_token: plaintext,
    token_type: 'Bearer',
    scope: row.scopes,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}
