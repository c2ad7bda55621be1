import { Controller, Get, Inject, Post, Req, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import type { Request, Response } from 'express';
import { messagesFor } from '../../pages/i18n';
import { sendPage } from '../../pages/layout';
import { messagePage } from '../../pages/message.page';
import { signInPage } from '../../pages/sign-in.page';
import { csrfToken, hasValidCsrfToken } from '../../session/csrf';
import { SignInFailure, WebAuthenticator } from '../../session/web-authenticator.service';

const FAILURE_STATUS: Record<SignInFailure, number> = {
  blank: 422,
  invalid: 401,
  rate_limited: 429,
  disabled: 403,
  unconfirmed: 403,
  pending: 403,
};

/**
 * Only our own pages are places to return to after signing in: authorization requests, the
 * authorized applications list and the job dashboard.
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 4000) return undefined;
  return /^\/(oauth\/(authorize(\?[^#\\]*)?|authorized_applications)|admin\/queues)$/.test(value)
    ? value
    : undefined;
}

/**
 * GET /auth/sign_in shows the e-mail and password form; POST /auth/sign_in checks it (rate
 * limited) and starts the session, then returns to the authorization request it came from.
 */
@Controller('auth/sign_in')
export class SignInController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly web: WebAuthenticator,
  ) {}

  @Get()
  @Public()
  show(@Req() req: Request, @Res() res: Response): void {
    const m = messagesFor(req.query.lang, req.headers['accept-language']);
    const returnTo = safeReturnTo(req.query.return_to);
    const user = this.web.currentUser(req);
    if (user && returnTo) return res.redirect(303, returnTo);
    if (user) {
      const page = messagePage(m, this.config.instance.title, m.signedIn.title, [
        m.signedIn.body(`@${user.account.username}`),
      ]);
      return sendPage(res, 200, page);
    }
    const page = signInPage(m, {
      instance: this.config.instance.title,
      csrfToken: csrfToken(req),
      returnTo,
      lang: typeof req.query.lang === 'string' ? req.query.lang : undefined,
    });
    sendPage(res, 200, page);
  }

  @Post()
  @Public()
  async create(@Req() req: Request, @Res() res: Response): Promise<void> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const lang = typeof body.lang === 'string' ? body.lang : undefined;
    const m = messagesFor(lang, req.headers['accept-language']);
    const returnTo = safeReturnTo(body.return_to);
    const email = typeof body.email === 'string' ? body.email.trim().slice(0, 320) : '';
    const instance = this.config.instance.title;
    const showForm = (status: number, error: string) =>
      sendPage(
        res,
        status,
        signInPage(m, { instance, csrfToken: csrfToken(req), returnTo, lang, email, error }),
      );

    if (!hasValidCsrfToken(req)) return showForm(422, m.signIn.errors.expired);
    const result = await this.web.signIn(req, res);
    if ('failure' in result) {
      const status = FAILURE_STATUS[result.failure] ?? 401;
      if (result.failure === 'unconfirmed') {
        const page = messagePage(m, instance, m.unconfirmed.title, [
          m.unconfirmed.body(email),
          m.unconfirmed.hint,
        ]);
        return sendPage(res, status, page);
      }
      if (result.failure === 'pending') {
        return sendPage(res, status, messagePage(m, instance, m.pending.title, [m.pending.body]));
      }
      if (result.failure === 'rate_limited') res.setHeader('Retry-After', '300');
      return showForm(status, m.signIn.errors[result.failure] ?? m.signIn.errors.invalid);
    }

    await this.web.logIn(req, result.user);
    if (returnTo) return res.redirect(303, returnTo);
    const page = messagePage(m, instance, m.signedIn.title, [
      m.signedIn.body(`@${result.user.account.username}`),
    ]);
    sendPage(res, 200, page);
  }
}
