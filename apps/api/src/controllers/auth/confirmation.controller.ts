import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { ConfirmEmailService, escapeHtml } from '@nestodon/core';
import { RecordNotFoundError, ValidationError } from '@nestodon/domain';
import type { Response } from 'express';

/**
 * GET /auth/confirmation?confirmation_token=…: the link of the confirmation e-mail. Confirms
 * the address, then sends the person back to the app they signed up with (its first redirect
 * URI) or shows a page saying the address is confirmed.
 */
@Controller('auth')
export class ConfirmationController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly confirmEmail: ConfirmEmailService,
  ) {}

  @Get('confirmation')
  @Public()
  async confirm(@Query('confirmation_token') token: unknown, @Res() res: Response): Promise<void> {
    try {
      const { redirectUri } = await this.confirmEmail.call(typeof token === 'string' ? token : '');
      if (redirectUri) {
        res.redirect(302, redirectUri);
        return;
      }
      this.page(res, 200, 'E-mail address confirmed', [
        'Your e-mail address has been confirmed.',
        'You can now sign in with the app you signed up with.',
      ]);
    } catch (error) {
      if (error instanceof RecordNotFoundError) {
        this.page(res, 404, 'Confirmation link not valid', [
          'This confirmation link is not valid. It may have been used already, or a newer one was sent.',
          'Ask the app you signed up with to send the confirmation e-mail again.',
        ]);
        return;
      }
      if (error instanceof ValidationError) {
        this.page(res, 422, 'Address not confirmed', [
          error.message,
          'Ask the app you signed up with to send the confirmation e-mail again.',
        ]);
        return;
      }
      throw error;
    }
  }

  private page(res: Response, status: number, title: string, paragraphs: string[]): void {
    const instance = escapeHtml(this.config.instance.title);
    res
      .status(status)
      .setHeader('Content-Type', 'text/html; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .setHeader(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .setHeader('X-Frame-Options', 'DENY')
      .send(
        `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} - ${instance}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #222; line-height: 1.5; }
h1 { font-size: 1.4rem; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
<p><small>${instance}</small></p>
</main>
</body>
</html>
`,
      );
  }
}
