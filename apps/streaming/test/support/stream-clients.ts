import http from 'node:http';
import WebSocket from 'ws';

/** A message as the streaming server sends it on a WebSocket. */
export interface StreamFrame {
  stream?: string[];
  event?: string;
  payload?: string;
  error?: string;
  status?: number;
}

type Predicate<T> = (item: T) => boolean;

/** Items arriving over time; `next` waits for the first one (from the start) that matches. */
class Inbox<T> {
  readonly items: T[] = [];
  private readonly waiters: Array<{ match: Predicate<T>; resolve: (item: T) => void }> = [];

  push(item: T): void {
    this.items.push(item);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(item)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(item);
      }
    }
  }

  next(match: Predicate<T>, what: string, timeoutMs = 20_000): Promise<T> {
    const found = this.items.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        const index = this.waiters.indexOf(waiter);
        if (index < 0) return;
        this.waiters.splice(index, 1);
        reject(new Error(`no ${what} arrived; got ${JSON.stringify(this.items).slice(0, 2000)}`));
      }, timeoutMs).unref();
    });
  }
}

export type TokenPlacement = 'header' | 'query' | 'protocol';

export interface Refusal {
  status: number;
  message: string | undefined;
}

/** A WebSocket client of /api/v1/streaming. */
export class StreamSocket {
  private readonly inbox = new Inbox<StreamFrame>();
  readonly closed: Promise<{ code: number; reason: string }>;
  pings = 0;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.inbox.push(JSON.parse(String(data)) as StreamFrame));
    socket.on('ping', () => this.pings++);
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  /** Opens a socket; rejects with a Refusal when the upgrade is refused. */
  static open(
    baseUrl: string,
    options: { token?: string; via?: TokenPlacement; query?: Record<string, string> } = {},
  ): Promise<StreamSocket> {
    const url = new URL('/api/v1/streaming', baseUrl.replace(/^http/, 'ws'));
    for (const [key, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(key, value);
    const via = options.via ?? 'header';
    const headers: Record<string, string> = {};
    if (options.token && via === 'header') headers.Authorization = `Bearer ${options.token}`;
    if (options.token && via === 'query') url.searchParams.set('access_token', options.token);
    const protocols = options.token && via === 'protocol' ? [options.token] : undefined;
    const socket = new WebSocket(url, protocols, { headers });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new StreamSocket(socket)));
      socket.once('unexpected-response', (request, response) => {
        reject({
          status: response.statusCode ?? 0,
          message: response.headers['x-error-message'] as string | undefined,
        } satisfies Refusal);
        // With this listener, ending the refused request is ours to do.
        request.destroy();
      });
      socket.once('error', reject);
    });
  }

  get frames(): StreamFrame[] {
    return this.inbox.items;
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  subscribe(stream: string, params: Record<string, string> = {}): void {
    this.send({ type: 'subscribe', stream, ...params });
  }

  next(match: Predicate<StreamFrame>, what = 'matching message'): Promise<StreamFrame> {
    return this.inbox.next(match, what);
  }

  /** The first event of that name (with that status id in the payload, when given). */
  event(event: string, statusId?: string): Promise<StreamFrame> {
    return this.next(
      (frame) =>
        frame.event === event &&
        (statusId === undefined || frame.payload === statusId || payloadId(frame) === statusId),
      `${event}${statusId ? ` of ${statusId}` : ''}`,
    );
  }

  error(): Promise<StreamFrame> {
    return this.next((frame) => frame.error !== undefined, 'error');
  }

  close(): void {
    this.socket.close();
  }
}

export function payloadId(frame: { payload?: string; data?: string }): string | undefined {
  const text = frame.payload ?? frame.data;
  if (!text || !text.startsWith('{')) return undefined;
  return (JSON.parse(text) as { id?: string }).id;
}

/** One server-sent event, or a comment line (`:)`, `:thump`). */
export interface EventSourceItem {
  event?: string;
  data?: string;
  comment?: string;
}

/** A server-sent events client of /api/v1/streaming/…. */
export class EventSourceClient {
  private readonly inbox = new Inbox<EventSourceItem>();
  readonly ended: Promise<void>;

  private constructor(
    readonly response: http.IncomingMessage,
    private readonly request: http.ClientRequest,
  ) {
    let buffer = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      this.raw += chunk;
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 1);
        this.line(line);
      }
    });
    this.ended = new Promise((resolve) => {
      response.once('end', () => resolve());
      response.once('close', () => resolve());
    });
  }

  private current: EventSourceItem = {};
  private raw = '';

  private line(line: string): void {
    if (line.startsWith(':')) {
      this.inbox.push({ comment: line.slice(1) });
    } else if (line.startsWith('event: ')) {
      this.current.event = line.slice(7);
    } else if (line.startsWith('data: ')) {
      this.current.data = line.slice(6);
    } else if (line === '' && this.current.event) {
      this.inbox.push(this.current);
      this.current = {};
    }
  }

  /** Opens a stream; resolves with the client once the response head arrived (any status). */
  static open(baseUrl: string, path: string, token?: string): Promise<EventSourceClient> {
    return new Promise((resolve, reject) => {
      const request = http.get(new URL(path, baseUrl), {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      request.once('response', (response) => resolve(new EventSourceClient(response, request)));
      request.once('error', reject);
    });
  }

  get status(): number {
    return this.response.statusCode ?? 0;
  }

  /** The whole body of a refused request, as JSON. */
  async body(): Promise<unknown> {
    await this.ended;
    return JSON.parse(this.raw);
  }

  next(match: Predicate<EventSourceItem>, what = 'matching event'): Promise<EventSourceItem> {
    return this.inbox.next(match, what);
  }

  event(event: string, statusId?: string): Promise<EventSourceItem> {
    return this.next(
      (item) =>
        item.event === event &&
        (statusId === undefined || item.data === statusId || payloadId(item) === statusId),
      `${event}${statusId ? ` of ${statusId}` : ''}`,
    );
  }

  close(): void {
    this.request.destroy();
  }
}
