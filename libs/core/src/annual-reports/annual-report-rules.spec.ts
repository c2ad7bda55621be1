import { archetype, currentCampaign } from './annual-report-rules';

const counts = (standalone: number, replies = 0, reblogs = 0, polls = 0) => ({
  total: standalone + replies + reblogs,
  standalone,
  replies,
  reblogs,
  polls,
});

describe('annual report rules', () => {
  it('picks Mastodon’s archetype from the year’s statuses', () => {
    expect(archetype(counts(50, 10, 10))).toBe('lurker');
    expect(archetype(counts(40, 0, 100))).toBe('booster');
    expect(archetype(counts(100, 20, 0, 20))).toBe('pollster');
    expect(archetype(counts(40, 100, 0))).toBe('replier');
    expect(archetype(counts(200, 10, 10))).toBe('oracle');
  });

  it('offers the current year from 10 December, or the configured year', () => {
    expect(currentCampaign(null, new Date('2025-12-09T23:59:59Z'))).toBeNull();
    expect(currentCampaign(null, new Date('2025-12-10T00:00:00Z'))).toBe(2025);
    expect(currentCampaign(null, new Date('2025-12-31T23:00:00Z'))).toBe(2025);
    expect(currentCampaign(null, new Date('2026-01-02T00:00:00Z'))).toBeNull();
    expect(currentCampaign(2024, new Date('2026-06-01T00:00:00Z'))).toBe(2024);
  });
});
