import { DailySeries, DimensionEntry, RetentionRow } from '@nestodon/domain';
import { humanSize } from '../human-size';

/** Mastodon's Admin::Measure: a total (and the period before's) and one value per day. */
export interface AdminMeasureJson {
  key: string;
  unit: string | null;
  total: string;
  human_value?: string;
  previous_total?: string;
  data: Array<{ date: string; value: string }>;
}

export interface AdminDimensionDataJson {
  key: string;
  human_key: string;
  value: string;
  unit?: string;
  human_value?: string;
}

/** Mastodon's Admin::Dimension: the top values of something (languages, servers, …). */
export interface AdminDimensionJson {
  key: string;
  data: AdminDimensionDataJson[];
}

/** Mastodon's Admin::Cohort: of the users who signed up in a period, how many stayed. */
export interface AdminCohortJson {
  period: string;
  frequency: 'day' | 'month';
  data: Array<{ date: string; rate: number; value: string }>;
}

/** Midnight UTC of a `YYYY-MM-DD` day, as Mastodon dates its series. */
const midnight = (day: string) => `${day}T00:00:00Z`;

/** Midnight UTC as Mastodon writes cohort dates (`+00:00`). */
const midnightWithOffset = (day: string) => `${day}T00:00:00+00:00`;

/** A measure; byte measures (`unit` bytes) add the total in words. */
export function serializeAdminMeasure(
  key: string,
  series: DailySeries,
  unit: 'bytes' | null = null,
): AdminMeasureJson {
  return {
    key,
    unit,
    total: String(series.total),
    ...(unit === 'bytes' ? { human_value: humanSize(series.total) } : {}),
    ...(series.previousTotal === null ? {} : { previous_total: String(series.previousTotal) }),
    data: series.data.map((day) => ({ date: midnight(day.day), value: String(day.value) })),
  };
}

/**
 * A dimension; sizes (`unit` bytes) add the size in words, versions repeat themselves as
 * `human_value`.
 */
export function serializeAdminDimension(
  key: string,
  entries: DimensionEntry[],
): AdminDimensionJson {
  return {
    key,
    data: entries.map((entry) => {
      const json: AdminDimensionDataJson = {
        key: entry.key,
        human_key: entry.humanKey,
        value: String(entry.value),
      };
      if (entry.unit === 'bytes') {
        json.unit = 'bytes';
        json.human_value = humanSize(Number(entry.value));
      } else if (typeof entry.value === 'string') {
        json.human_value = entry.value;
      }
      return json;
    }),
  };
}

/** Retention rows (cohort by cohort, period by period) as Mastodon's cohorts. */
export function serializeAdminCohorts(
  rows: RetentionRow[],
  frequency: 'day' | 'month',
): AdminCohortJson[] {
  const cohorts: AdminCohortJson[] = [];
  for (const row of rows) {
    let cohort = cohorts[cohorts.length - 1];
    if (!cohort || cohort.period !== midnightWithOffset(row.cohort)) {
      cohort = { period: midnightWithOffset(row.cohort), frequency, data: [] };
      cohorts.push(cohort);
    }
    cohort.data.push({
      date: midnightWithOffset(row.period),
      rate: row.rate,
      value: String(row.value),
    });
  }
  return cohorts;
}
