import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { ExpiringStore } from '@nestodon/platform';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import { ExpiringSessionStore } from './expiring-session-store';
import { WebAuthenticator } from './web-authenticator.service';
import './session-data';

export const SESSION_COOKIE = '_nestodon_session';
const SESSION_TTL_SECONDS = 7 * 24 * 3600;

/**
 * Cookie sessions for the web pages (sign-in, OAuth consent), kept in ExpiringStore (Redis under
 * the configured namespace, or PostgreSQL without Redis). The cookie is signed with
 * SECRET_KEY_BASE, HTTP-only, SameSite=Lax and Secure when the instance is served over https.
 */
@Injectable()
export class WebSessionMiddleware implements NestMiddleware {
  private readonly session: ReturnType<typeof session>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    store: ExpiringStore,
    private readonly web: WebAuthenticator,
  ) {
    this.session = session({
      name: SESSION_COOKIE,
      secret: config.secretKeyBase,
      store: new ExpiringSessionStore(store, SESSION_TTL_SECONDS * 1000),
      resave: false,
      saveUninitialized: false,
      unset: 'destroy',
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.instance.https,
        path: '/',
        maxAge: SESSION_TTL_SECONDS * 1000,
      },
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    this.session(req, res, (error?: unknown) => {
      if (error) return next(error);
      this.web.initialize(req, res, (error?: unknown) => {
        if (error) return next(error);
        this.web.session(req, res, next);
      });
    });
  }
}
