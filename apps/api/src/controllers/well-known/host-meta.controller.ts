import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { escapeHtml } from '@nestodon/text';

/** GET /.well-known/host-meta: the XRD pointing at WebFinger (RFC 6415), as Mastodon serves it. */
@Controller('.well-known/host-meta')
export class HostMetaController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Public()
  @Header('Content-Type', 'application/xrd+xml; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=259200')
  show(): string {
    const template = `${this.config.instance.baseUrl}/.well-known/webfinger?resource={uri}`;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<XRD xmlns="http://docs.oasis-open.org/ns/xri/xrd-1.0">',
      `  <Link rel="lrdd" template="${escapeHtml(template)}"/>`,
      '</XRD>',
      '',
    ].join('\n');
  }
}
