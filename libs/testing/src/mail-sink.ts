import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** RCPT TO addresses. */
  to: string[];
  /** The message as it went over the wire (headers and body). */
  raw: string;
}

export interface SmtpSink {
  host: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or arriving) matching `predicate`. */
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A local SMTP server on 127.0.0.1 and an ephemeral port that keeps every message it gets. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMail {
  /** Header names in lower case, values unfolded (first occurrence). */
  headers: Record<string, string>;
  text?: string;
  html?: string;
}

/** A small MIME reader for tests: multipart bodies, base64 and quoted-printable parts. */
export function parseMail(raw: string): ParsedMail {
  const parsed: ParsedMail = { headers: {} };
  const { headers } = readPart(raw.replace(/\r\n/g, '\n'), parsed);
  parsed.headers = headers;
  return parsed;
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const end = part.indexOf('\n\n');
  const head = end === -1 ? part : part.slice(0, end);
  const body = end === -1 ? '' : part.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function readPart(part: string, into: ParsedMail): { headers: Record<string, string> } {
  const { headers, body } = splitHeaders(part);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = body.split(`--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      readPart(section.replace(/^\n/, ''), into);
    }
    return { headers };
  }
  const charset = /charset="?([^";]+)"?/i.exec(type)?.[1] ?? 'utf-8';
  const decoded = decodeBody(body, headers['content-transfer-encoding'] ?? '7bit', charset);
  if (/^text\/plain/i.test(type)) into.text ??= decoded;
  else if (/^text\/html/i.test(type)) into.html ??= decoded;
  return { headers };
}

function decodeBody(body: string, encoding: string, charset: string): string {
  const bytes = (() => {
    switch (encoding.toLowerCase()) {
      case 'base64':
        return Buffer.from(body.replace(/\s+/g, ''), 'base64');
      case 'quoted-printable':
        return decodeQuotedPrintable(body);
      default:
        return Buffer.from(body, 'utf8');
    }
  })();
  return new TextDecoder(charset).decode(bytes);
}

export function decodeQuotedPrintable(text: string): Buffer {
  const softBreaksRemoved = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const char = softBreaksRemoved[i];
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}
