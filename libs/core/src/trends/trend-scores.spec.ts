import {
  decayedPeak,
  spikeScore,
  STATUS_TREND_OPTIONS,
  statusTrendScore,
  TAG_TREND_OPTIONS,
} from './trend-scores';

const HOUR = 3600_000;

describe('spikeScore', () => {
  it('is zero below the threshold or without a rise', () => {
    expect(spikeScore(4, 0, 5)).toBe(0);
    expect(spikeScore(10, 10, 5)).toBe(0);
    expect(spikeScore(8, 12, 5)).toBe(0);
  });

  it('grows with the square of the rise over the expectation (at least one)', () => {
    expect(spikeScore(5, 0, 5)).toBe(16);
    expect(spikeScore(12, 2, 5)).toBe(50);
    expect(spikeScore(12, 2, 5)).toBeGreaterThan(spikeScore(12, 4, 5));
  });
});

describe('decayedPeak', () => {
  const now = Date.UTC(2024, 0, 10, 12);

  it('keeps a new peak and halves it every half-life', () => {
    const first = decayedPeak({ maxScore: null, maxScoreAt: null }, 16, now, TAG_TREND_OPTIONS);
    expect(first).toEqual({ peak: { maxScore: 16, maxScoreAt: new Date(now) }, decayed: 16 });
    const later = decayedPeak(first.peak, 4, now + 4 * HOUR, TAG_TREND_OPTIONS);
    expect(later.peak).toEqual(first.peak);
    expect(later.decayed).toBeCloseTo(8);
  });

  it('replaces a beaten peak and forgets one past the cooldown', () => {
    const old = { maxScore: 100, maxScoreAt: new Date(now - 3 * 24 * HOUR) };
    expect(decayedPeak(old, 0, now, TAG_TREND_OPTIONS)).toEqual({
      peak: { maxScore: null, maxScoreAt: null },
      decayed: 0,
    });
    const recent = { maxScore: 10, maxScoreAt: new Date(now - HOUR) };
    expect(decayedPeak(recent, 20, now, TAG_TREND_OPTIONS).peak).toEqual({
      maxScore: 20,
      maxScoreAt: new Date(now),
    });
  });
});

describe('statusTrendScore', () => {
  it('needs the threshold of interactions and decays with age', () => {
    const now = Date.now();
    expect(statusTrendScore(4, new Date(now), now)).toBe(0);
    expect(statusTrendScore(11, new Date(now), now)).toBe(100);
    expect(statusTrendScore(11, new Date(now - 2 * HOUR), now, STATUS_TREND_OPTIONS)).toBeCloseTo(
      50,
    );
  });
});
