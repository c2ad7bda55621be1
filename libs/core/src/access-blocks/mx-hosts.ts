import { Resolver } from 'node:dns/promises';
import { Injectable } from '@nestjs/common';

/** How long an MX lookup may take before sign-up goes on without it. */
const MX_TIMEOUT_MS = 2000;

/** The mail exchangers of a domain, or none when DNS does not answer (never throws). */
@Injectable()
export class MxHosts {
  async of(domain: string): Promise<string[]> {
    const resolver = new Resolver({ timeout: MX_TIMEOUT_MS, tries: 1 });
    try {
      const records = await resolver.resolveMx(domain);
      return records.map((record) => record.exchange.toLowerCase().replace(/\.$/, ''));
    } catch {
      return [];
    }
  }
}
