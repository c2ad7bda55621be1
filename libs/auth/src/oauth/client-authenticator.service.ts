import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OAuthApplication } from '@nestodon/domain';
import type { Request, Response } from 'express';
import passport from 'passport';
import { BasicStrategy } from 'passport-http';
import { Strategy as ClientPasswordStrategy } from 'passport-oauth2-client-password';
import { Repository } from 'typeorm';
import { digestToken } from '@nestodon/access';

const STRATEGIES = ['client-basic', 'client-body'];

export interface ClientAuthentication {
  application: OAuthApplication | null;
  /** Whether the client tried HTTP Basic (the 401 then carries a challenge). */
  triedBasic: boolean;
}

/**
 * Client authentication at the token and revoke endpoints: `client_id` and `client_secret` in
 * the body (form or JSON) or HTTP Basic, through passport strategies on a private authenticator.
 */
@Injectable()
export class ClientAuthenticator {
  private readonly passport = new passport.Passport();

  constructor(
    @InjectRepository(OAuthApplication) private readonly applications: Repository<OAuthApplication>,
  ) {
    const verify = (
      clientId: string,
      secret: string,
      done: (error: unknown, client?: OAuthApplication | false) => void,
    ) => {
      this.verify(clientId, secret).then((app) => done(null, app ?? false), done);
    };
    this.passport.use(STRATEGIES[0], new BasicStrategy(verify));
    this.passport.use(STRATEGIES[1], new ClientPasswordStrategy(verify));
  }

  /** The application whose id and secret these are, or null. */
  async verify(clientId: unknown, secret: unknown): Promise<OAuthApplication | null> {
    if (typeof clientId !== 'string' || typeof secret !== 'string') return null;
    if (!clientId || !secret || clientId.length > 256 || secret.length > 256) return null;
    const app = await this.applications
      .createQueryBuilder('app')
      .addSelect('app.secretDigest')
      .where('app.uid = :uid', { uid: clientId })
      .getOne();
    if (!app) return null;
    const given = Buffer.from(digestToken(secret));
    const stored = Buffer.from(app.secretDigest);
    return given.length === stored.length && timingSafeEqual(given, stored) ? app : null;
  }

  /** Runs the strategies against a request; never throws for bad credentials. */
  authenticate(req: Request, res: Response): Promise<ClientAuthentication> {
    const triedBasic = /^Basic\s/i.test(req.headers.authorization ?? '');
    return new Promise((resolve, reject) => {
      const middleware = this.passport.authenticate(
        STRATEGIES,
        { session: false },
        (error: unknown, client: OAuthApplication | false) => {
          if (error) return reject(error);
          resolve({ application: client || null, triedBasic });
        },
      ) as (req: Request, res: Response, next: (error?: unknown) => void) => void;
      middleware(req, res, (error?: unknown) =>
        error ? reject(error) : resolve({ application: null, triedBasic }),
      );
    });
  }
}
