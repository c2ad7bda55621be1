/**
 * What a client sends on a WebSocket, turned into the `{event, data}` messages Nest routes to
 * the gateway's handlers: `{"type":"subscribe"|"unsubscribe","stream":…,"tag"|"list":…}`.
 * Anything else becomes an event of its own, answered with an error.
 */
export const ClientEvent = {
  Subscribe: 'subscribe',
  Unsubscribe: 'unsubscribe',
  Malformed: 'malformed',
  UnknownType: 'unknown_type',
  Binary: 'binary',
} as const;

export interface StreamRequestBody {
  stream?: unknown;
  tag?: unknown;
  list?: unknown;
}

export function parseClientMessage(data: unknown): { event: string; data: unknown } {
  if (typeof data !== 'string') return { event: ClientEvent.Binary, data: null };
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { event: ClientEvent.Malformed, data: null };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return { event: ClientEvent.Malformed, data: null };
  }
  const { type, ...body } = json as { type?: unknown } & StreamRequestBody;
  if (type === ClientEvent.Subscribe || type === ClientEvent.Unsubscribe) {
    return { event: type, data: body };
  }
  return { event: ClientEvent.UnknownType, data: null };
}

/** A parameter's first value (`stream` may come as an array, like Mastodon's firstParam). */
export function firstParam(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}
