import { Injectable } from '@nestjs/common';
import {
  AuthenticateUserService,
  SessionUserQueries,
  SignedInUser,
  SignInResult,
} from '@nestodon/core';
import type { Request, Response } from 'express';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import './session-data';

export type SignInFailure = Exclude<SignInResult['outcome'], 'signed_in'> | 'blank';

type Handler = (req: Request, res: Response, next: (error?: unknown) => void) => void;

/** A form without both fields fails as `blank` (passport-local's option, untyped upstream). */
const SIGN_IN_OPTIONS: passport.AuthenticateOptions & { badRequestMessage: SignInFailure } = {
  session: false,
  badRequestMessage: 'blank',
};

/**
 * Signed-in state of the web pages, with passport on a private authenticator: the sign-in form
 * (passport-local on `email` and `password`; a failure's message is the reason the page shows)
 * and the session (user id in the session, reloaded per request and dropped when the user may
 * no longer sign in).
 */
@Injectable()
export class WebAuthenticator {
  private readonly passport = new passport.Passport();
  readonly initialize: Handler;
  readonly session: Handler;

  constructor(
    private readonly authenticateUser: AuthenticateUserService,
    private readonly sessionUsers: SessionUserQueries,
  ) {
    this.passport.use(
      new LocalStrategy(
        { usernameField: 'email', passwordField: 'password', passReqToCallback: true },
        (req, email: unknown, password: unknown, done) => {
          if (typeof email !== 'string' || typeof password !== 'string' || !email.trim()) {
            return done(null, false, { message: 'blank' });
          }
          this.authenticateUser
            .call(email.trim(), password, req.ip ?? 'unknown')
            .then(
              (result) =>
                result.outcome === 'signed_in'
                  ? done(null, result.user)
                  : done(null, false, { message: result.outcome }),
              done,
            );
        },
      ),
    );
    this.passport.serializeUser((user, done) => done(null, (user as SignedInUser).id));
    this.passport.deserializeUser((id: unknown, done) => {
      this.sessionUsers.find(String(id)).then((user) => done(null, user ?? false), done);
    });
    this.initialize = this.passport.initialize() as Handler;
    this.session = this.passport.session() as Handler;
  }

  /** The signed-in user of this request, if any. */
  currentUser(req: Request): SignedInUser | null {
    return (req.user as SignedInUser | undefined) ?? null;
  }

  /** Checks the posted e-mail and password. */
  signIn(
    req: Request,
    res: Response,
  ): Promise<{ user: SignedInUser } | { failure: SignInFailure }> {
    return new Promise((resolve, reject) => {
      const handler = this.passport.authenticate(
        'local',
        SIGN_IN_OPTIONS,
        (error: unknown, user: SignedInUser | false, info?: { message?: string }) => {
          if (error) return reject(error);
          if (user) return resolve({ user });
          resolve({ failure: (info?.message ?? 'invalid') as SignInFailure });
        },
      ) as Handler;
      handler(req, res, (error) => (error ? reject(error) : resolve({ failure: 'invalid' })));
    });
  }

  /** Starts the session of a user (in a new session id, against session fixation). */
  logIn(req: Request, user: SignedInUser): Promise<void> {
    return new Promise((resolve, reject) =>
      req.logIn(user, (error?: unknown) => (error ? reject(error) : resolve())),
    );
  }

  logOut(req: Request): Promise<void> {
    return new Promise((resolve, reject) =>
      req.logOut((error?: unknown) => (error ? reject(error) : resolve())),
    );
  }
}
