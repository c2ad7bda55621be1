import { BadRequestException } from '@nestjs/common';
import { parseBoolean } from '@nestodon/config';
import { MetricsPeriod, TARGETED_METRICS } from '@nestodon/core';
import { MeasureTarget, normalizeDomain, ValidationError } from '@nestodon/domain';
import { ToArray } from '@nestodon/http';
import { IsArray, IsISO8601, IsOptional, IsString } from 'class-validator';

/** The body of the dashboard's figures: which keys, between `start_at` and `end_at`. */
export class MetricsBody {
  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  keys?: string[];

  @IsISO8601()
  start_at: string;

  @IsISO8601()
  end_at: string;
}

export const periodOf = (body: MetricsBody): MetricsPeriod => ({
  start: new Date(body.start_at),
  end: new Date(body.end_at),
});

/**
 * The tag (`tag_uses[id]=…`) or server (`instance_statuses[domain]=…`, optionally
 * `[include_subdomains]=true`) a metric is about, from the raw body: 400 when it is missing,
 * as Mastodon's `params.require`, 422 when it is malformed.
 */
export function metricTarget(body: Record<string, unknown>, key: string): MeasureTarget {
  const kind = TARGETED_METRICS[key];
  if (!kind) return {};
  const given = body[key];
  const value = (name: string) =>
    given && typeof given === 'object' ? (given as Record<string, unknown>)[name] : undefined;
  const required = kind === 'tag' ? value('id') : value('domain');
  if (required === undefined || required === '') {
    throw new BadRequestException({ error: `param is missing or the value is empty: ${key}` });
  }
  if (kind === 'tag') {
    const id = typeof required === 'number' ? String(required) : required;
    if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) {
      throw new ValidationError(`Validation failed: ${key}[id] must be a numeric id`);
    }
    return { tagId: id };
  }
  const domain = typeof required === 'string' ? normalizeDomain(required) : null;
  if (!domain) throw new ValidationError(`Validation failed: ${key}[domain] is not a domain`);
  return { domain, includeSubdomains: parseBoolean(value('include_subdomains') ?? false) };
}
