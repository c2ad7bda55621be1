/** Tunables of the streaming process (tests shorten them). */
export interface StreamingOptions {
  /** Interval of WebSocket pings and SSE heartbeat comments. */
  heartbeatMs: number;
  /** A client whose unsent data passes this many bytes is disconnected. */
  maxBufferedBytes: number;
}

export const STREAMING_OPTIONS = Symbol('STREAMING_OPTIONS');

export const DEFAULT_STREAMING_OPTIONS: StreamingOptions = {
  heartbeatMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
};
