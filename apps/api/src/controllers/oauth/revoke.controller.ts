import { Controller, Post, Req, Res } from '@nestjs/common';
import { ClientAuthenticator, OAuthError, Public, toOAuthError } from '@nestodon/auth';
import { RevokeTokenService } from '@nestodon/core';
import type { Request, Response } from 'express';
import { sendOAuthError } from './oauth-response';

/**
 * POST /oauth/revoke (RFC 7009): an authenticated client revokes one of its tokens. Unknown and
 * already revoked tokens answer 200 too; another app's token is refused.
 */
@Controller('oauth/revoke')
export class RevokeController {
  constructor(
    private readonly clients: ClientAuthenticator,
    private readonly revoker: RevokeTokenService,
  ) {}

  @Post()
  @Public()
  async create(@Req() req: Request, @Res() res: Response): Promise<void> {
    let triedBasic = false;
    try {
      const auth = await this.clients.authenticate(req, res);
      triedBasic = auth.triedBasic;
      if (!auth.application) throw new OAuthError('invalid_client');
      const token = (req.body as Record<string, unknown> | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        throw new OAuthError('invalid_request', 'Missing required parameter: token.');
      }
      if ((await this.revoker.call(auth.application, token)) === 'other_client') {
        throw new OAuthError(
          'unauthorized_client',
          'You are not authorized to revoke this token',
          403,
        );
      }
      res.status(200).json({});
    } catch (error) {
      sendOAuthError(res, toOAuthError(error), triedBasic);
    }
  }
}
