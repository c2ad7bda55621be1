import { Controller, Post, Req, Res } from '@nestjs/common';
import { ClientAuthenticator, OAuthError, OAuthServer, Public, toOAuthError } from '@nestodon/auth';
import type { Request, Response } from 'express';
import { sendOAuthError } from './oauth-response';

/**
 * POST /oauth/token: authorization_code (with PKCE) and client_credentials. The client
 * authenticates with client_id and client_secret in the body or with HTTP Basic.
 */
@Controller('oauth/token')
export class TokenController {
  constructor(
    private readonly oauth: OAuthServer,
    private readonly clients: ClientAuthenticator,
  ) {}

  @Post()
  @Public()
  async create(@Req() req: Request, @Res() res: Response): Promise<void> {
    let triedBasic = false;
    try {
      this.oauth.assertSupportedGrantType(req.body?.grant_type);
      const auth = await this.clients.authenticate(req, res);
      triedBasic = auth.triedBasic;
      if (!auth.application) throw new OAuthError('invalid_client');
      res.status(200);
      await this.oauth.exchange(req, res, auth.application);
    } catch (error) {
      sendOAuthError(res, toOAuthError(error), triedBasic);
    }
  }
}
