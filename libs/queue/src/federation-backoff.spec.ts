import { backoffStrategy, federationRetryDelayMs } from './federation-backoff';

describe('federationRetryDelayMs', () => {
  it("waits as Mastodon's delivery worker: retry⁴ + 15 s at least, with jitter on top", () => {
    const none = () => 0;
    expect(federationRetryDelayMs(0, none)).toBe(15_000);
    expect(federationRetryDelayMs(3, none)).toBe(96_000);
    expect(federationRetryDelayMs(15, none)).toBe((15 ** 4 + 15) * 1000);
    const most = () => 0.999999;
    expect(federationRetryDelayMs(3, most)).toBeCloseTo((81 + 15 + 9 * 4 + 40.5) * 1000, -2);
  });

  it('spreads the sixteen retries over days', () => {
    const total = Array.from({ length: 16 }, (_, retry) =>
      federationRetryDelayMs(retry, () => 0),
    ).reduce((sum, delay) => sum + delay, 0);
    const days = total / 86_400_000;
    expect(days).toBeGreaterThan(2);
    expect(days).toBeLessThan(3);
  });

  it('applies to the federation backoff type only, counting from the first failed attempt', () => {
    expect(backoffStrategy(1, 'federation')).toBeGreaterThanOrEqual(15_000);
    expect(backoffStrategy(1, 'federation')).toBeLessThan(25_000);
    expect(backoffStrategy(1, 'other')).toBe(0);
  });
});
