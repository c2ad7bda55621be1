import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { OAuthError, OAuthServer, Public, toOAuthError } from '@nestodon/auth';
import { APP_CONFIG, AppConfig, parseBoolean } from '@nestodon/config';
import type { Request, Response } from 'express';
import { consentPage } from '../../pages/consent.page';
import { Messages, messagesFor } from '../../pages/i18n';
import { sendPage } from '../../pages/layout';
import { messagePage } from '../../pages/message.page';
import { signInPage } from '../../pages/sign-in.page';
import { csrfToken, hasValidCsrfToken } from '../../session/csrf';
import { WebAuthenticator } from '../../session/web-authenticator.service';
import { logServerError } from './oauth-response';

/** Pending consents kept per session; older ones are dropped. */
const MAX_TRANSACTIONS = 10;

/**
 * GET /oauth/authorize shows the sign-in form (when nobody is signed in, or with force_login)
 * or the consent page; POST /oauth/authorize answers the consent (Authorize or Deny).
 */
@Controller('oauth/authorize')
export class AuthorizeController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly oauth: OAuthServer,
    private readonly web: WebAuthenticator,
  ) {}

  @Get()
  @Public()
  async show(@Req() req: Request, @Res() res: Response): Promise<void> {
    const m = messagesFor(req.query.lang, req.headers['accept-language']);
    const forceLogin = parseBoolean(req.query.force_login);
    if (forceLogin && this.web.currentUser(req)) await this.web.logOut(req);
    pruneTransactions(req);

    try {
      if ((await this.oauth.authorize(req, res)) === 'responded') return;
    } catch (error) {
      return this.fail(req, res, m, toOAuthError(error));
    }
    const txn = this.oauth.transaction(req)!;
    const user = this.web.currentUser(req);
    if (!user) {
      if (txn.transactionID) delete req.session.authorize?.[txn.transactionID];
      const page = signInPage(m, {
        instance: this.config.instance.title,
        csrfToken: csrfToken(req),
        returnTo: authorizeUrl(req, false),
        lang: typeof req.query.lang === 'string' ? req.query.lang : undefined,
      });
      return sendPage(res, 200, page);
    }
    const page = consentPage(m, {
      instance: this.config.instance.title,
      csrfToken: csrfToken(req),
      transactionId: txn.transactionID!,
      appName: txn.client!.name,
      appWebsite: txn.client!.website,
      account: `@${user.account.username}`,
      scopes: txn.req!.scope,
      switchUserUrl: authorizeUrl(req, true),
    });
    // The decision redirects to the app's redirect URI, so form-action cannot be 'self' only.
    sendPage(res, 200, page, { formActionSelf: false });
  }

  @Post()
  @Public()
  async decide(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const pending = transactionOf(req, body.transaction_id);
    const m = messagesFor(pending?.req?.lang, req.headers['accept-language']);
    if (!hasValidCsrfToken(req)) {
      return this.errorPage(res, m, 422, m.error.reasons.expired);
    }
    if (!this.web.currentUser(req)) {
      return this.errorPage(res, m, 403, m.error.reasons.not_signed_in);
    }
    try {
      await this.oauth.decide(req, res, body.decision === 'approve');
    } catch (error) {
      const failure = toOAuthError(error);
      if (!pending) return this.errorPage(res, m, 422, m.error.reasons.expired);
      this.fail(req, res, m, failure);
    }
  }

  /** Redirects the error to the app when its redirect URI is known good, else shows it. */
  private fail(req: Request, res: Response, m: Messages, error: OAuthError): void {
    logServerError(error);
    if (error.code !== 'server_error' && this.oauth.redirectError(req, res, error)) return;
    const reason = m.error.reasons[error.code] ?? m.error.reasons.invalid_request;
    this.errorPage(res, m, error.code === 'server_error' ? 500 : 400, reason, error.message);
  }

  private errorPage(
    res: Response,
    m: Messages,
    status: number,
    reason: string,
    detail?: string,
  ): void {
    const paragraphs = detail ? [detail, m.error.back] : [m.error.back];
    const page = messagePage(m, this.config.instance.title, m.error.title, paragraphs, {
      alert: reason,
    });
    sendPage(res, status, page);
  }
}

/** This authorization request's URL (path and query), with or without force_login. */
function authorizeUrl(req: Request, forceLogin: boolean): string {
  const url = new URL(req.originalUrl, 'http://localhost');
  url.searchParams.delete('force_login');
  if (forceLogin) url.searchParams.set('force_login', 'true');
  return `${url.pathname}${url.search}`;
}

interface StoredTransaction {
  req?: { lang?: string };
}

function transactionOf(req: Request, id: unknown): StoredTransaction | undefined {
  if (typeof id !== 'string') return undefined;
  const transactions = req.session?.authorize;
  return transactions && Object.hasOwn(transactions, id)
    ? (transactions[id] as StoredTransaction)
    : undefined;
}

/** Keeps the newest pending transactions of the session. */
function pruneTransactions(req: Request): void {
  const transactions = req.session.authorize;
  if (!transactions) return;
  const ids = Object.keys(transactions);
  for (const id of ids.slice(0, Math.max(0, ids.length - (MAX_TRANSACTIONS - 1)))) {
    delete transactions[id];
  }
}
