import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, NESTODON_VERSION } from '@nestodon/config';
import {
  DailySeries,
  DayRange,
  DimensionEntry,
  DimensionRow,
  MeasureKey,
  MeasureTarget,
  MetricsRepository,
  RetentionRow,
} from '@nestodon/domain';
import { RedisService } from '@nestodon/platform';
import ISO6391 from 'iso-639-1';

const DAY = 86_400_000;

/** The period the figures are about: from `start` to `end`, as given. */
export interface MetricsPeriod {
  start: Date;
  end: Date;
}

export const DIMENSION_KEYS = [
  'languages',
  'sources',
  'servers',
  'space_usage',
  'software_versions',
  'tag_servers',
  'tag_languages',
  'instance_accounts',
  'instance_languages',
] as const;
export type DimensionKey = (typeof DIMENSION_KEYS)[number];

/** Measures and dimensions about a tag or a server, which need it named. */
export const TARGETED_METRICS: Record<string, 'tag' | 'server'> = {
  tag_accounts: 'tag',
  tag_uses: 'tag',
  tag_servers: 'tag',
  tag_languages: 'tag',
  instance_accounts: 'server',
  instance_media_attachments: 'server',
  instance_reports: 'server',
  instance_statuses: 'server',
  instance_follows: 'server',
  instance_followers: 'server',
  instance_languages: 'server',
};

/** A language code with its English name (`und` and unknown codes show the code). */
const language = (row: DimensionRow): DimensionEntry => {
  const code = row.key ?? 'und';
  return { key: code, humanKey: ISO6391.getName(code) || code, value: row.value };
};

const named = (row: DimensionRow): DimensionEntry => ({
  key: row.key ?? '',
  humanKey: row.key ?? '',
  value: row.value,
});

const day = (date: Date) => date.toISOString().slice(0, 10);
const shifted = (date: Date, days: number) => new Date(date.getTime() - days * DAY);

/**
 * The admin dashboard's figures (Mastodon's Admin::Metrics): measures per day with their
 * totals, dimensions (the top values of something) and sign-up retention.
 */
@Injectable()
export class DashboardMetricsQueries {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsRepository,
    private readonly redis: RedisService,
  ) {}

  /**
   * A measure over the days of the period, with its total and that of the period as long
   * just before it (Mastodon's previous_total: both moved back by the period's length).
   */
  measure(key: MeasureKey, period: MetricsPeriod, target: MeasureTarget): Promise<DailySeries> {
    const length = Math.round((period.end.getTime() - period.start.getTime()) / DAY);
    const range = { start: day(period.start), end: day(period.end) };
    const previous = {
      start: day(shifted(period.start, length)),
      end: day(shifted(period.end, length)),
    };
    return this.metrics.series(key, range, previous, target);
  }

  /** The top values of a dimension over the period, at most `limit` (null: all). */
  async dimension(
    key: DimensionKey,
    period: MetricsPeriod,
    limit: number | null,
    target: MeasureTarget,
  ): Promise<DimensionEntry[]> {
    const range: DayRange = { start: day(period.start), end: day(period.end) };
    switch (key) {
      case 'languages':
        return (await this.metrics.userLocales(period.start, period.end, limit)).map(language);
      case 'sources':
        return (await this.metrics.signUpSources(period.start, period.end, limit)).map((row) =>
          row.key ? named(row) : { key: 'web', humanKey: 'Website', value: row.value },
        );
      case 'servers':
        return (await this.metrics.statusServers(range, limit)).map((row) => this.server(row));
      case 'tag_servers':
        return (await this.metrics.statusServers(range, limit, target.tagId)).map((row) =>
          this.server(row),
        );
      case 'tag_languages':
        return (await this.metrics.tagLanguages(range, limit, target.tagId!)).map(language);
      case 'instance_accounts':
        return (await this.metrics.serverAccounts(limit, target.domain!)).map(named);
      case 'instance_languages':
        return (await this.metrics.serverLanguages(range, limit, target)).map(language);
      case 'space_usage':
        return this.spaceUsage();
      case 'software_versions':
        return this.softwareVersions();
    }
  }

  /** Sign-up cohorts from `start` to `end`, by day or by month. */
  retention(period: MetricsPeriod, frequency: 'day' | 'month'): Promise<RetentionRow[]> {
    return this.metrics.retention(day(period.start), day(period.end), frequency);
  }

  private server(row: DimensionRow): DimensionEntry {
    const domain = row.key ?? this.config.instance.localDomain;
    return { key: domain, humanKey: domain, value: row.value };
  }

  private async spaceUsage(): Promise<DimensionEntry[]> {
    const [storage, memory] = await Promise.all([
      this.metrics.storage(),
      this.redisInfo('memory', 'used_memory'),
    ]);
    return [
      { key: 'postgresql', humanKey: 'PostgreSQL', value: storage.database, unit: 'bytes' },
      ...(memory === null
        ? []
        : [{ key: 'redis', humanKey: 'Redis', value: Number(memory), unit: 'bytes' as const }]),
      { key: 'media', humanKey: 'Media storage', value: storage.media, unit: 'bytes' },
    ];
  }

  private async softwareVersions(): Promise<DimensionEntry[]> {
    const [postgresql, redis] = await Promise.all([
      this.metrics.databaseVersion(),
      this.redisInfo('server', 'redis_version'),
    ]);
    return [
      { key: 'mastodon', humanKey: 'Nestodon', value: NESTODON_VERSION },
      { key: 'node', humanKey: 'Node.js', value: process.versions.node },
      { key: 'postgresql', humanKey: 'PostgreSQL', value: postgresql },
      ...(redis === null ? [] : [{ key: 'redis', humanKey: 'Redis', value: redis }]),
    ];
  }

  /** A field of Redis's INFO section; null when the server runs without Redis. */
  private async redisInfo(section: string, field: string): Promise<string | null> {
    if (!this.config.redis.enabled) return null;
    const info = await this.redis.client.info(section);
    return new RegExp(`^${field}:(.*)$`, 'm').exec(info)?.[1]?.trim() ?? null;
  }
}
