import { createECDH, ECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import { AddressInfo } from 'node:net';
// http_ece is what web-push encrypts with (it ships no types); here it decrypts, as a device does.
const ece = require('http_ece') as {
  decrypt(buffer: Buffer, params: Record<string, unknown>): Buffer;
};

/** A device: the keys a browser makes for a push subscription. */
export class PushDevice {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);

  constructor() {
    this.ecdh.generateKeys();
  }

  get keys() {
    return {
      p256dh: this.ecdh.getPublicKey().toString('base64url'),
      auth: this.auth.toString('base64url'),
    };
  }

  /** Decrypts a pushed message (aes128gcm, or legacy aesgcm with its headers). */
  decrypt(message: ReceivedPush): unknown {
    const encoding = message.headers['content-encoding'];
    const params: Record<string, unknown> = {
      version: encoding,
      privateKey: this.ecdh,
      authSecret: this.auth.toString('base64url'),
    };
    if (encoding === 'aesgcm') {
      params.dh = /dh=([^;,]+)/.exec(String(message.headers['crypto-key']))![1];
      params.salt = /salt=([^;,]+)/.exec(String(message.headers.encryption))![1];
    }
    return JSON.parse(ece.decrypt(message.body, params).toString('utf8'));
  }
}

export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on loopback: records what it receives and answers 201, or the status set
 * for a path (410 for a subscription that is gone).
 */
export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  readonly statuses = new Map<string, number>();
  private server?: http.Server;

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '/',
          headers: request.headers,
          body: Buffer.concat(chunks),
        });
        response.writeHead(this.statuses.get(request.url ?? '/') ?? 201).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  endpoint(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  at(path: string): ReceivedPush[] {
    return this.received.filter((push) => push.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }
}
