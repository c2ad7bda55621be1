import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OAuthApplication, User } from '@nestodon/domain';
import type { Request, Response } from 'express';
import oauth2orize from 'oauth2orize';
import { Repository } from 'typeorm';
import { DEFAULT_SCOPES, isKnownScope, parseScopes, scopesWithin } from '@nestodon/access';
import { AccessTokenService, IssuedToken } from './access-token.service';
import { AuthorizationCodeService } from './authorization-code.service';
import { OAuthError, toOAuthError } from './oauth-error';
import { isWellFormedChallenge } from './pkce';
import { OOB_REDIRECT_URI } from '@nestodon/access';
import { Middleware, runMiddleware } from './run-middleware';

/** What the client asked for at GET /oauth/authorize, as kept in the session until consent. */
export interface AuthorizationRequest {
  type: string;
  clientID: string;
  redirectURI?: string;
  /** Requested scopes; defaults applied once validated. */
  scope: string[];
  state?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** query, fragment, form_post, or oob for the out-of-band redirect URI. */
  responseMode?: string;
  lang?: string;
}

/** The transaction oauth2orize keeps on `req.oauth2` while the user decides. */
export interface AuthorizationTransaction {
  transactionID?: string;
  client?: OAuthApplication;
  redirectURI?: string;
  req?: AuthorizationRequest;
  user?: unknown;
}

export interface AuthorizationContext {
  application: OAuthApplication;
  lang: string | undefined;
}

/**
 * What the api renders for the OAuth machinery: the Token JSON body and the pages that replace
 * a redirect (out-of-band code, form_post). Provided by the app that mounts the OAuth server.
 */
export interface OAuthPresentation {
  tokenResponse(issued: IssuedToken): Record<string, unknown>;
  outOfBand(res: Response, params: Record<string, string>, context: AuthorizationContext): void;
  formPost(
    res: Response,
    redirectUri: string,
    params: Record<string, string>,
    context: AuthorizationContext,
  ): void;
}

export const OAUTH_PRESENTATION = Symbol('OAUTH_PRESENTATION');

export const RESPONSE_MODES = ['query', 'fragment', 'form_post'] as const;
export const GRANT_TYPES = ['authorization_code', 'client_credentials'] as const;

type Responder = (
  txn: AuthorizationTransaction,
  res: Response,
  params: Record<string, string>,
) => void;

type Done = (error: Error | null, ...results: unknown[]) => void;

interface ValidationOutcome {
  error?: OAuthError;
  application?: OAuthApplication;
  redirectUri?: string;
}

const stringParam = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * The OAuth 2 authorization server, built on oauth2orize: the authorization-code grant (with
 * PKCE S256 and the out-of-band redirect URI), the authorization_code and client_credentials
 * exchanges, and transactions kept in the session between the authorize request and consent.
 */
@Injectable()
export class OAuthServer {
  private readonly server = oauth2orize.createServer<OAuthApplication, User>();
  private readonly modes: Record<string, Responder>;

  constructor(
    @InjectRepository(OAuthApplication) private readonly applications: Repository<OAuthApplication>,
    private readonly codes: AuthorizationCodeService,
    private readonly tokens: AccessTokenService,
    @Inject(OAUTH_PRESENTATION) private readonly presentation: OAuthPresentation,
  ) {
    this.modes = {
      query: (txn, res, params) => res.redirect(withParams(txn.redirectURI!, params, 'query')),
      fragment: (txn, res, params) =>
        res.redirect(withParams(txn.redirectURI!, params, 'fragment')),
      form_post: (txn, res, params) =>
        this.presentation.formPost(res, txn.redirectURI!, params, context(txn)),
      oob: (txn, res, params) => this.presentation.outOfBand(res, params, context(txn)),
    };
    this.configure();
  }

  private configure(): void {
    const server = this.server as unknown as {
      serializeClient(fn: (client: OAuthApplication, done: Done) => void): void;
      deserializeClient(fn: (id: string, done: Done) => void): void;
      grant(type: string | object, fn?: unknown): void;
      exchange(fn: unknown): void;
    };
    server.serializeClient((client, done) => done(null, client.id));
    server.deserializeClient((id, done) => {
      this.applications.findOneBy({ id }).then((app) => done(null, app ?? false), done);
    });

    // Authorization: the code grant, then our own parser for every response type, so that
    // PKCE, response_mode and lang are read and an unsupported type can still be redirected.
    server.grant(
      oauth2orize.grant.code(
        { modes: this.modes } as never,
        (
          client: OAuthApplication,
          redirectUri: string,
          user: User,
          _ares: unknown,
          areq: AuthorizationRequest,
          done: Done,
        ) => {
          this.codes
            .create({
              application: client,
              userId: user.id,
              redirectUri,
              scopes: areq.scope,
              codeChallenge: areq.codeChallenge ?? null,
              codeChallengeMethod: areq.codeChallengeMethod ?? null,
            })
            .then((code) => done(null, code), done);
        },
      ),
    );
    server.grant('*', (req: Request) => ({
      clientID: stringParam(req.query.client_id),
      redirectURI: stringParam(req.query.redirect_uri),
      scope: parseScopes(stringParam(req.query.scope)),
      state: stringParam(req.query.state),
      codeChallenge: stringParam(req.query.code_challenge),
      codeChallengeMethod: stringParam(req.query.code_challenge_method),
      responseMode: stringParam(req.query.response_mode),
      lang: stringParam(req.query.lang),
    }));

    // Token endpoint exchanges; the client was authenticated before and sits on req.oauthClient.
    server.exchange(
      oauth2orize.exchange.authorizationCode(
        { userProperty: 'oauthClient' },
        (
          client: OAuthApplication,
          code: string,
          redirectUri: string,
          body: Record<string, unknown>,
          issued: Done,
        ) => {
          this.codes
            .redeem({
              application: client,
              code,
              redirectUri,
              codeVerifier: body.code_verifier,
            })
            .then((result) => this.sendIssued(result, issued), issued);
        },
      ),
    );
    server.exchange(
      oauth2orize.exchange.clientCredentials(
        { userProperty: 'oauthClient' },
        (
          client: OAuthApplication,
          _scope: unknown,
          body: Record<string, unknown>,
          issued: Done,
        ) => {
          const scopes = parseScopes(stringParam(body.scope));
          const requested = scopes.length > 0 ? scopes : DEFAULT_SCOPES;
          if (
            !requested.every(isKnownScope) ||
            !scopesWithin(requested, parseScopes(client.scopes))
          ) {
            return issued(new OAuthError('invalid_scope'));
          }
          this.tokens
            .issue({ applicationId: client.id, userId: null, scopes: requested })
            .then((result) => this.sendIssued(result, issued), issued);
        },
      ),
    );
  }

  private sendIssued(result: IssuedToken, issued: Done): void {
    issued(null, result.token, undefined, this.presentation.tokenResponse(result));
  }

  /**
   * GET /oauth/authorize: validates the request and stores a transaction in the session.
   * `'responded'` when no consent was needed (a superapp) and the redirect went out already.
   * Throws an OAuthError; `redirectable(req)` then says whether the client may be told.
   */
  async authorize(req: Request, res: Response): Promise<'consent' | 'responded'> {
    const middleware = (
      this.server as unknown as {
        authorization(
          validate: (areq: AuthorizationRequest, done: Done) => void,
          immediate: (
            client: OAuthApplication,
            user: User | undefined,
            scope: string[],
            type: string,
            areq: AuthorizationRequest,
            done: Done,
          ) => void,
        ): Middleware;
      }
    ).authorization(
      (areq, done) => {
        this.validate(areq).then(
          ({ error, application, redirectUri }) => done(error ?? null, application, redirectUri),
          done,
        );
      },
      (client, user, _scope, _type, _areq, done) => {
        done(null, Boolean(user && client.superapp), {}, undefined);
      },
    );
    try {
      return (await runMiddleware(req, res, middleware)) === 'next' ? 'consent' : 'responded';
    } catch (error) {
      throw toOAuthError(error);
    }
  }

  /** POST /oauth/authorize: loads the transaction and answers the client (code or denial). */
  async decide(req: Request, res: Response, allow: boolean): Promise<void> {
    const chain = this.server.decision((_req: unknown, done: Done) =>
      done(null, { allow }),
    ) as unknown as Middleware[];
    try {
      await runMiddleware(req, res, ...chain);
    } catch (error) {
      throw toOAuthError(error);
    }
  }

  /** POST /oauth/token for an authenticated client. */
  async exchange(req: Request, res: Response, client: OAuthApplication): Promise<void> {
    this.assertSupportedGrantType(req.body?.grant_type);
    (req as Request & { oauthClient?: OAuthApplication }).oauthClient = client;
    try {
      await runMiddleware(req, res, this.server.token() as unknown as Middleware);
    } catch (error) {
      throw toOAuthError(error);
    }
  }

  /** authorization_code and client_credentials only: no password grant, no refresh tokens. */
  assertSupportedGrantType(grantType: unknown): void {
    if (grantType === undefined || grantType === null || grantType === '') {
      throw new OAuthError('invalid_request', 'Missing required parameter: grant_type.');
    }
    if (!GRANT_TYPES.includes(grantType as never)) throw new OAuthError('unsupported_grant_type');
  }

  /** The transaction of this request (after authorize or decide). */
  transaction(req: Request): AuthorizationTransaction | undefined {
    return (req as Request & { oauth2?: AuthorizationTransaction }).oauth2;
  }

  /**
   * Tells the client about an authorization error through its redirect URI, when that URI was
   * verified. Returns false when the error must be shown to the user instead.
   */
  redirectError(req: Request, res: Response, error: OAuthError): boolean {
    const txn = this.transaction(req);
    if (!txn?.redirectURI || !txn.client || !txn.req) return false;
    const mode = this.modes[txn.req.responseMode ?? 'query'] ?? this.modes.query;
    const params: Record<string, string> = {
      error: error.code,
      error_description: error.message,
    };
    if (txn.req.state) params.state = txn.req.state;
    mode(txn, res, params);
    return true;
  }

  /** The client, redirect URI and parameters of the request, or the reason they are refused. */
  private async validate(areq: AuthorizationRequest): Promise<ValidationOutcome> {
    const application = areq.clientID
      ? await this.applications.findOneBy({ uid: areq.clientID })
      : null;
    if (!application) return { error: new OAuthError('invalid_client') };
    const redirectUri = areq.redirectURI;
    if (!redirectUri) {
      return {
        error: new OAuthError('invalid_request', 'Missing required parameter: redirect_uri.'),
      };
    }
    if (!application.redirectUris.includes(redirectUri)) {
      return { error: new OAuthError('invalid_redirect_uri') };
    }
    // From here on the client is told through its redirect URI.
    const refuse = (error: OAuthError) => ({ error, application, redirectUri });
    const requestedMode = areq.responseMode;
    areq.responseMode =
      redirectUri === OOB_REDIRECT_URI
        ? 'oob'
        : RESPONSE_MODES.includes(requestedMode as never)
          ? requestedMode
          : 'query';
    if (requestedMode && !RESPONSE_MODES.includes(requestedMode as never)) {
      return refuse(
        new OAuthError('invalid_request', `Unsupported response_mode: ${requestedMode}.`),
      );
    }
    if (areq.type !== 'code') return refuse(new OAuthError('unsupported_response_type'));
    if (areq.scope.length === 0) areq.scope = [...DEFAULT_SCOPES];
    if (
      !areq.scope.every(isKnownScope) ||
      !scopesWithin(areq.scope, parseScopes(application.scopes))
    ) {
      return refuse(new OAuthError('invalid_scope'));
    }
    if (areq.codeChallengeMethod !== undefined || areq.codeChallenge !== undefined) {
      if (!areq.codeChallenge) {
        return refuse(
          new OAuthError('invalid_request', 'Missing required parameter: code_challenge.'),
        );
      }
      if (areq.codeChallengeMethod !== 'S256') {
        return refuse(new OAuthError('invalid_request', 'The code challenge method must be S256.'));
      }
      if (!isWellFormedChallenge(areq.codeChallenge)) {
        return refuse(new OAuthError('invalid_request', 'The code challenge is malformed.'));
      }
    }
    return { application, redirectUri };
  }
}

function context(txn: AuthorizationTransaction): AuthorizationContext {
  return { application: txn.client!, lang: txn.req?.lang };
}

/** The redirect URI with the response parameters added to its query or fragment. */
export function withParams(
  redirectUri: string,
  params: Record<string, string>,
  where: 'query' | 'fragment',
): string {
  const url = new URL(redirectUri);
  if (where === 'query') {
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  } else {
    url.hash = new URLSearchParams(params).toString();
  }
  return url.toString();
}
