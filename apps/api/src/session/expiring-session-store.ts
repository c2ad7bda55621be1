import type { ExpiringStore } from '@nestodon/platform';
import { SessionData, Store } from 'express-session';

const PREFIX = 'session:';

/**
 * express-session's store over ExpiringStore: each session is JSON under `session:<id>`, kept
 * until its cookie expires (`ttlMs` when the cookie has no expiry). Redis in production,
 * PostgreSQL without it; the same keys and JSON as connect-redis, so sessions survive the move.
 */
export class ExpiringSessionStore extends Store {
  constructor(
    private readonly store: ExpiringStore,
    private readonly ttlMs: number,
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void) {
    this.store
      .get(PREFIX + sid)
      .then(
        (stored) => callback(null, stored ? (JSON.parse(stored) as SessionData) : null),
        callback,
      );
  }

  override set(sid: string, session: SessionData, callback?: (error?: unknown) => void) {
    const ttl = this.ttlOf(session);
    const written =
      ttl > 0 ? this.store.set(PREFIX + sid, JSON.stringify(session), ttl) : this.remove(sid);
    written.then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  override touch(sid: string, session: SessionData, callback?: () => void) {
    this.set(sid, session, () => callback?.());
  }

  override destroy(sid: string, callback?: (error?: unknown) => void) {
    this.remove(sid).then(
      () => callback?.(),
      (error: unknown) => callback?.(error),
    );
  }

  private remove(sid: string): Promise<void> {
    return this.store.delete(PREFIX + sid);
  }

  private ttlOf(session: SessionData): number {
    const expires = session.cookie?.expires;
    return expires ? new Date(expires).getTime() - Date.now() : this.ttlMs;
  }
}
