import { restartDecision } from './restart-policy';

describe('restartDecision', () => {
  const config = { restartLimit: 5, restartDelayMs: 1000 };

  it('restarts with a delay doubling with each recent crash', () => {
    expect([1, 2, 3, 4].map((crashes) => restartDecision(crashes, config))).toEqual([
      { stop: false, delayMs: 1000 },
      { stop: false, delayMs: 2000 },
      { stop: false, delayMs: 4000 },
      { stop: false, delayMs: 8000 },
    ]);
  });

  it('stops once the limit of crashes within the window is reached', () => {
    expect(restartDecision(5, config)).toEqual({ stop: true });
    expect(restartDecision(1, { restartLimit: 1, restartDelayMs: 0 })).toEqual({ stop: true });
  });

  it('never waits more than 30 s', () => {
    expect(restartDecision(9, { restartLimit: 10, restartDelayMs: 1000 })).toEqual({
      stop: false,
      delayMs: 30_000,
    });
  });
});
