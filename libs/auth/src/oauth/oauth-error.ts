/** RFC 6749 error codes Nestodon answers with, at the token, revoke and authorize endpoints. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'server_error';

/** Descriptions that clients see; the first three are the ones Mastodon's clients know. */
export const OAUTH_ERROR_DESCRIPTIONS: Record<OAuthErrorCode, string> = {
  invalid_grant:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
  invalid_scope: 'The requested scope is invalid, unknown, or malformed.',
  invalid_client:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
  invalid_request: 'The request is missing a required parameter or is otherwise malformed.',
  unauthorized_client: 'The client is not authorized to perform this request.',
  unsupported_grant_type: 'The authorization grant type is not supported by this server.',
  unsupported_response_type: 'This server only issues authorization codes (response_type=code).',
  access_denied: 'The resource owner denied the request.',
  invalid_redirect_uri: 'The redirect URI is not one the application registered.',
  server_error: 'The server could not complete the request.',
};

const STATUS: Record<OAuthErrorCode, number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  unsupported_response_type: 400,
  invalid_scope: 400,
  access_denied: 403,
  invalid_redirect_uri: 400,
  server_error: 500,
};

/**
 * An OAuth failure with its RFC 6749 code. oauth2orize reads `code`, `message` and `status`
 * from errors, so this works inside its callbacks as well as in our controllers.
 */
export class OAuthError extends Error {
  readonly status: number;

  constructor(
    readonly code: OAuthErrorCode,
    description: string = OAUTH_ERROR_DESCRIPTIONS[code],
    status: number = STATUS[code],
    options?: { cause?: unknown },
  ) {
    super(description, options);
    this.name = 'OAuthError';
    this.status = status;
  }

  get body(): { error: string; error_description: string } {
    return { error: this.code, error_description: this.message };
  }
}

/** Any oauth2orize or Nestodon OAuth error as an OAuthError (unknown errors: server_error). */
export function toOAuthError(error: unknown): OAuthError {
  if (error instanceof OAuthError) return error;
  const code = (error as { code?: unknown })?.code;
  const name = (error as { name?: unknown })?.name;
  if (
    typeof code === 'string' &&
    code in STATUS &&
    (name === 'TokenError' || name === 'AuthorizationError' || name === 'OAuth2Error')
  ) {
    const message = (error as Error).message;
    return new OAuthError(code as OAuthErrorCode, message || undefined);
  }
  if (name === 'ForbiddenError' || name === 'BadRequestError') {
    return new OAuthError(
      'invalid_request',
      'This authorization request has expired or was already answered.',
    );
  }
  return new OAuthError('server_error', undefined, undefined, { cause: error });
}
