import { Controller, Get, Inject, Query } from '@nestjs/common';
import { OpenInLimitedFederation, Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { PublicPageQueries } from '@nestodon/core';
import { ToInteger } from '@nestodon/http';
import { escapeHtml } from '@nestodon/text';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

class OEmbedQuery {
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(10_000)
  maxwidth?: number;

  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(10_000)
  maxheight?: number;
}

/**
 * GET /api/oembed?url=: oEmbed (rich) for a public or unlisted post of this server, embedded
 * through an iframe of its `/embed` page; anything else is 404, as on Mastodon.
 */
@Controller('api/oembed')
export class OEmbedController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly pages: PublicPageQueries,
  ) {}

  @Get()
  @Public()
  @OpenInLimitedFederation()
  async show(@Query() query: OEmbedQuery) {
    const { baseUrl, localDomain } = this.config.instance;
    const { profile, status } = await this.pages.statusAtUrl(query.url ?? '', baseUrl);
    const { account } = profile;
    const width = query.maxwidth ?? 400;
    const embed = `${baseUrl}/@${account.username}/${status.id}/embed`;
    return {
      type: 'rich',
      version: '1.0',
      author_name: account.displayName || account.username,
      author_url: `${baseUrl}/@${account.username}`,
      provider_name: localDomain,
      provider_url: `${baseUrl}/`,
      cache_age: 86_400,
      html:
        `<iframe src="${escapeHtml(embed)}" class="mastodon-embed" style="max-width: 100%; border: 0" ` +
        `width="${width}"${query.maxheight ? ` height="${query.maxheight}"` : ''} ` +
        `allowfullscreen="allowfullscreen"></iframe>`,
      width,
      height: query.maxheight ?? null,
    };
  }
}
