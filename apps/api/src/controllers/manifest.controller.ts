import { Controller, Get, Header, Inject } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';

/**
 * GET /manifest: the web app manifest Mastodon serves (name, colours, display), so that a
 * browser or launcher can install the site.
 */
@Controller('manifest')
export class ManifestController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Public()
  @Header('Cache-Control', 'public, max-age=259200')
  show() {
    const { title, description } = this.config.instance;
    return {
      id: '/',
      name: title,
      short_name: title,
      description,
      icons: [],
      theme_color: '#191b22',
      background_color: '#191b22',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    };
  }
}
