const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** How a kind of trend is scored (Mastodon's Trends::Tags, ::Links and ::Statuses options). */
export interface TrendOptions {
  /** Fewest distinct accounts (or interactions) before anything counts. */
  threshold: number;
  /** A peak older than this is forgotten. */
  cooldownMs: number;
  /** The peak halves every this long. */
  halfLifeMs: number;
  /** Below this decayed score an item leaves the trends. */
  decayThreshold: number;
}

export const TAG_TREND_OPTIONS: TrendOptions = {
  threshold: 5,
  cooldownMs: 2 * DAY,
  halfLifeMs: 4 * HOUR,
  decayThreshold: 1,
};
export const LINK_TREND_OPTIONS: TrendOptions = {
  threshold: 5,
  cooldownMs: 2 * DAY,
  halfLifeMs: 8 * HOUR,
  decayThreshold: 1,
};
export const STATUS_TREND_OPTIONS: TrendOptions = {
  threshold: 5,
  cooldownMs: 2 * DAY,
  halfLifeMs: 2 * HOUR,
  decayThreshold: 0.3,
};

/**
 * How far today's distinct accounts rise above what was expected (yesterday's, at least 1):
 * (observed − expected)² / expected, and 0 below the threshold or under the expectation.
 */
export function spikeScore(observed: number, expected: number, threshold: number): number {
  const baseline = Math.max(expected, 1);
  if (observed < threshold || observed <= baseline) return 0;
  return (observed - baseline) ** 2 / baseline;
}

export interface TrendPeak {
  maxScore: number | null;
  maxScoreAt: Date | null;
}

/**
 * The item's peak after scoring `score` now (kept unless beaten or past its cooldown) and the
 * peak decayed by its half-life: what ranks the item.
 */
export function decayedPeak(
  previous: TrendPeak,
  score: number,
  now: number,
  options: TrendOptions,
): { peak: TrendPeak; decayed: number } {
  let maxScore = previous.maxScore ?? 0;
  let maxScoreAt = previous.maxScoreAt;
  if (!maxScoreAt || now - maxScoreAt.getTime() > options.cooldownMs) {
    maxScore = 0;
    maxScoreAt = null;
  }
  if (score > maxScore) {
    maxScore = score;
    maxScoreAt = new Date(now);
  }
  const decayed = maxScoreAt
    ? maxScore * 0.5 ** ((now - maxScoreAt.getTime()) / options.halfLifeMs)
    : 0;
  return { peak: { maxScore: maxScoreAt ? maxScore : null, maxScoreAt }, decayed };
}

/**
 * A status's score: its reblogs and favourites above the threshold, squared as a spike over an
 * expectation of one, halving every half-life since it was posted.
 */
export function statusTrendScore(
  interactions: number,
  createdAt: Date,
  now: number,
  options: TrendOptions = STATUS_TREND_OPTIONS,
): number {
  const score = spikeScore(interactions, 1, options.threshold);
  return score * 0.5 ** (Math.max(0, now - createdAt.getTime()) / options.halfLifeMs);
}
