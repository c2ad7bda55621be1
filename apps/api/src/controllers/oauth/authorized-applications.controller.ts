import { Controller, Delete, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AccessTokenQueries, RevokeAuthorizedApplicationService } from '@nestodon/core';
import { RecordNotFoundError } from '@nestodon/domain';
import type { Request, Response } from 'express';
import { authorizedApplicationsPage } from '../../pages/authorized-applications.page';
import { Messages, messagesFor } from '../../pages/i18n';
import { sendPage } from '../../pages/layout';
import { messagePage } from '../../pages/message.page';
import { csrfToken, hasValidCsrfToken } from '../../session/csrf';
import { WebAuthenticator } from '../../session/web-authenticator.service';

const PATH = '/oauth/authorized_applications';

/**
 * The signed-in user's authorized applications (Doorkeeper's page, in the pages' style: no
 * JavaScript, CSRF-checked forms): GET lists the apps holding live tokens with Revoke buttons,
 * DELETE /oauth/authorized_applications/:id revokes every token and code of that app (the
 * buttons post it with `_method=delete`). Without a web session the list sends one to sign in.
 */
@Controller('oauth/authorized_applications')
export class AuthorizedApplicationsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly web: WebAuthenticator,
    private readonly tokens: AccessTokenQueries,
    private readonly revoker: RevokeAuthorizedApplicationService,
  ) {}

  @Get()
  @Public()
  async index(@Req() req: Request, @Res() res: Response): Promise<void> {
    const user = this.web.currentUser(req);
    if (!user) {
      return res.redirect(303, `/auth/sign_in?return_to=${encodeURIComponent(PATH)}`);
    }
    const m = messagesFor(req.query.lang, req.headers['accept-language']);
    const rows = await this.tokens.authorizedApplications(user.id);
    const page = authorizedApplicationsPage(m, {
      instance: this.config.instance.title,
      csrfToken: csrfToken(req),
      account: `@${user.account.username}`,
      applications: rows.map((row) => ({
        id: String(row.application.id),
        name: row.application.name,
        website: row.application.website,
        scopes: row.scopes,
        authorizedAt: row.createdAt,
        lastUsedAt: row.lastUsedAt,
      })),
    });
    sendPage(res, 200, page);
  }

  @Delete(':id')
  @Public()
  destroy(@Req() req: Request, @Res() res: Response, @Param('id') id: string): Promise<void> {
    return this.revoke(req, res, id);
  }

  /** The page's Revoke forms: a POST carrying `_method=delete`. */
  @Post(':id')
  @Public()
  async destroyFromForm(
    @Req() req: Request,
    @Res() res: Response,
    @Param('id') id: string,
  ): Promise<void> {
    const method = (req.body as Record<string, unknown> | undefined)?._method;
    if (typeof method !== 'string' || method.toLowerCase() !== 'delete') {
      const m = messagesFor(undefined, req.headers['accept-language']);
      return this.notice(res, m, 404, m.authorizedApps.notFound);
    }
    return this.revoke(req, res, id);
  }

  private async revoke(req: Request, res: Response, id: string): Promise<void> {
    const m = messagesFor(undefined, req.headers['accept-language']);
    const user = this.web.currentUser(req);
    if (!user) return this.notice(res, m, 403, m.authorizedApps.notSignedIn);
    if (!hasValidCsrfToken(req)) return this.notice(res, m, 422, m.authorizedApps.expired);
    try {
      await this.revoker.call(user.id, id);
    } catch (error) {
      if (!(error instanceof RecordNotFoundError)) throw error;
      return this.notice(res, m, 404, m.authorizedApps.notFound);
    }
    res.redirect(303, PATH);
  }

  private notice(res: Response, m: Messages, status: number, alert: string): void {
    const page = messagePage(m, this.config.instance.title, m.authorizedApps.title, [], { alert });
    sendPage(res, status, page);
  }
}
