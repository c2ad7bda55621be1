import type { LauncherConfig } from '@nestodon/config';

const MAX_RESTART_DELAY_MS = 30_000;

export type RestartDecision = { stop: true } | { stop: false; delayMs: number };

/**
 * What to do after a child's `recentCrashes`th exit within the window: give up once the limit
 * is reached, else restart after the base delay doubled for each earlier recent crash.
 */
export function restartDecision(
  recentCrashes: number,
  { restartLimit, restartDelayMs }: Pick<LauncherConfig, 'restartLimit' | 'restartDelayMs'>,
): RestartDecision {
  if (recentCrashes >= restartLimit) return { stop: true };
  return {
    stop: false,
    delayMs: Math.min(restartDelayMs * 2 ** (recentCrashes - 1), MAX_RESTART_DELAY_MS),
  };
}
