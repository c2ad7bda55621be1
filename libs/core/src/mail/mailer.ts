import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SentMail {
  messageId: string;
  /** Path of the .eml file when mail goes to the folder. */
  file?: string;
}

const SMTP_TIMEOUT_MS = 15_000;

/**
 * Sends mail through SMTP when SMTP_SERVER is set; otherwise writes each message as an .eml
 * file into MAIL_DIR so a person can read it. Called from the worker, never on a request path.
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private transporter?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get usesSmtp(): boolean {
    return this.config.mail.smtp !== null;
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const message = {
      from: this.config.mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    };
    const info = await (await this.transport()).sendMail(message);
    if (this.usesSmtp) return { messageId: info.messageId };
    const directory = resolve(this.config.mail.directory);
    await mkdir(directory, { recursive: true });
    const file = join(directory, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.logger.log(`mail to ${mail.to} written to ${file}`);
    return { messageId: info.messageId, file };
  }

  /**
   * nodemailer is loaded at the first message: only the worker sends mail, and rarely. The
   * check follows the import so that concurrent first messages share one transport.
   */
  private async transport(): Promise<Transporter> {
    const { default: nodemailer } = await import('nodemailer');
    if (this.transporter) return this.transporter;
    const smtp = this.config.mail.smtp;
    this.transporter = smtp
      ? nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.tls,
          auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return this.transporter;
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}
