import { Controller, Get, Param } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { TermsOfServiceQueries } from '@nestodon/core';
import { TermsOfServiceJson } from '@nestodon/serializers';

/**
 * GET /api/v1/instance/terms_of_service (the version in force, 404 without one) and
 * /terms_of_service/:date (the version effective from YYYY-MM-DD), Mastodon 4.4.
 */
@Controller('api/v1/instance/terms_of_service')
export class InstanceTermsOfServiceController {
  constructor(private readonly terms: TermsOfServiceQueries) {}

  @Get()
  @Public()
  show(): Promise<TermsOfServiceJson> {
    return this.terms.current();
  }

  @Get(':date')
  @Public()
  showOn(@Param('date') date: string): Promise<TermsOfServiceJson> {
    return this.terms.effectiveOn(date);
  }
}
