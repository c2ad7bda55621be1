import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthorizationContext, IssuedToken, OAuthPresentation } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { serializeToken } from '@nestodon/serializers';
import type { Response } from 'express';
import { formPostPage } from './form-post.page';
import { messagesFor } from './i18n';
import { sendPage } from './layout';
import { outOfBandPage } from './out-of-band.page';

/** How the OAuth server's results look: Token JSON and the pages replacing a redirect. */
@Injectable()
export class PageOAuthPresentation implements OAuthPresentation {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  tokenResponse(issued: IssuedToken): Record<string, unknown> {
    return { ...serializeToken(issued.record, issued.token) };
  }

  outOfBand(res: Response, params: Record<string, string>, context: AuthorizationContext): void {
    const m = messagesFor(context.lang);
    const page = outOfBandPage(m, this.config.instance.title, context.application.name, params);
    sendPage(res, 200, page);
  }

  formPost(
    res: Response,
    redirectUri: string,
    params: Record<string, string>,
    context: AuthorizationContext,
  ): void {
    const nonce = randomBytes(16).toString('base64');
    const m = messagesFor(context.lang);
    const page = formPostPage(m, this.config.instance.title, redirectUri, params, nonce);
    sendPage(res, 200, page, { formActionSelf: false, scriptNonce: nonce });
  }
}
