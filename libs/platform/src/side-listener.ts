import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@nestodon/config';

/**
 * A plain HTTP listener beside a process's application (the worker's probes, the metrics
 * port), on BIND at the port a subclass reads from the configuration (none when null): started
 * with the application, closed with it, and asked for the port it got (tests ask for 0).
 */
export abstract class SideListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(this.constructor.name);
  private server?: Server;

  constructor(protected readonly config: AppConfig) {}

  /** The configured port, or null for no listener. */
  protected abstract configuredPort(): number | null;

  /** The path named in the log line that says where it listens. */
  protected abstract readonly mainPath: string;

  protected abstract handle(req: IncomingMessage, res: ServerResponse): void;

  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.configuredPort();
    if (port === null) return;
    const server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.http.bind, () => resolve());
    });
    this.server = server;
    this.logger.log(`listening on http://${this.config.http.bind}:${this.port}${this.mainPath}`);
  }

  onApplicationShutdown(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
