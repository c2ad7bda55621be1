import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { RecordNotFoundError } from '@nestodon/domain';
import type { Response } from 'express';
import { html } from '../html';
import { publicLayout, sendPublicPage } from './public-layout';

/** What browsers get for a public page that does not exist (or is not public): an HTML 404. */
@Catch(RecordNotFoundError)
export class PublicPageNotFoundFilter implements ExceptionFilter {
  catch(_error: RecordNotFoundError, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const page = publicLayout(
      {
        title: 'Not found',
        description: 'This page does not exist or is not public.',
        url: '',
        type: 'website',
        alternates: [],
        noindex: true,
        siteName: '',
      },
      html`<section class="card">
        <h1>Not found</h1>
        <p>This page does not exist, or is not public.</p>
      </section>`,
    );
    sendPublicPage(res, page, { status: 404 });
  }
}
