import { createHash } from 'node:crypto';
import { HttpMessageSignaturesSpec, signRequest } from '@fedify/fedify';
import { Injectable } from '@nestjs/common';
import { DeliveryFailureTracker } from '@nestodon/activitypub/federation';
import { FederationPolicy } from '@nestodon/core';
import { BlockedAddressError, SafeHttpClient } from '@nestodon/platform';
import { JobName, JobPayloads, JobResults } from '@nestodon/queue';
import { FollowerSynchronization } from './follower-synchronization';
import { SigningKeysCache } from './signing-keys';

type Delivery = JobPayloads[typeof JobName.DeliverActivity];
export type DeliveryOutcome = JobResults[typeof JobName.DeliverActivity]['outcome'];

/** A delivery gets this long to be answered; a slow server is retried later. */
const DELIVERY_TIMEOUT_MS = 15_000;

/** Answers that will not change on retry (as Mastodon: any 4xx but 429). */
const isUnsalvageable = (status: number) => status >= 400 && status < 500 && status !== 429;

const CAVAGE: HttpMessageSignaturesSpec = 'draft-cavage-http-signatures-12';
const RFC_9421: HttpMessageSignaturesSpec = 'rfc9421';
/** Answers by which a server may be refusing the signature's standard rather than the activity. */
const mayRefuseSignature = (status: number) => status === 400 || status === 401;
/** Servers whose taken standard is remembered at most (kept in the process). */
const MAX_REMEMBERED_SPECS = 10_000;

/**
 * POSTs one activity to one inbox (the worker's `federation.deliver` queue), signed with the
 * actor's RSA key and sent through SafeHttpClient, never Fedify's global fetch. Signatures
 * double-knock as Fedify's own deliveries: draft-cavage first (what Mastodon sends and every
 * server verifies), and when a server answers 400 or 401 the same delivery again signed by RFC
 * 9421 (HTTP Message Signatures), whose success makes it the first knock to that server. A 2xx delivers; a lasting 4xx
 * is the server's final word and is not retried; anything else (network errors, 5xx, 429,
 * redirects) throws so the job is retried with the federation backoff. Every answer or
 * failure feeds the per-server failure tracker, and servers it marks unavailable are skipped
 * but for an hourly probe. In limited federation mode, servers off the allow list get nothing.
 * Followers-only posts carry the Collection-Synchronization header, as Mastodon's.
 */
@Injectable()
export class DeliverActivityService {
  constructor(
    private readonly http: SafeHttpClient,
    private readonly keys: SigningKeysCache,
    private readonly tracker: DeliveryFailureTracker,
    private readonly policy: FederationPolicy,
    private readonly followerSynchronization: FollowerSynchronization,
  ) {}

  /** Servers that took RFC 9421 after refusing draft-cavage. */
  private readonly rfc9421Hosts = new Set<string>();

  async call({ accountId, inbox, body, syncFollowers }: Delivery): Promise<DeliveryOutcome> {
    const host = new URL(inbox).host;
    // Suspended servers are never planned; in limited federation mode only allowed ones are sent to.
    if (this.policy.limitedFederationMode && (await this.policy.refusal(host))) return 'refused';
    const state = await this.tracker.state(host);
    if (state.unavailable && !(await this.tracker.claimProbe(host))) return 'skipped';
    // A server with nothing on record needs no forgetting when it answers (one round trip less).
    const answered = () =>
      state.unavailable || state.failing ? this.tracker.trackSuccess(host) : undefined;
    const keys = await this.keys.forAccount(accountId);
    if (!keys) return 'skipped';
    // Encoded once, into an ArrayBuffer of its own (what Fedify takes).
    const bytes = new TextEncoder().encode(body);
    const headers = new Headers({ 'Content-Type': 'application/activity+json' });
    if (syncFollowers) {
      const header = await this.followerSynchronization.header(accountId, keys.actorUri, inbox);
      headers.set('Collection-Synchronization', header);
    }
    const send = async (spec: HttpMessageSignaturesSpec): Promise<number> => {
      const unsigned = new Headers(headers);
      // Fedify signs over the Digest given (hashing here, synchronously, costs far less than
      // its Web Crypto digest) and is handed the bytes, so it need not read a body stream back.
      if (spec === CAVAGE) {
        unsigned.set('Digest', `SHA-256=${createHash('sha256').update(bytes).digest('base64')}`);
      }
      const signed = await signRequest(
        new Request(inbox, { method: 'POST', headers: unsigned }),
        keys.rsa.privateKey,
        keys.rsa.keyId,
        { spec, body: bytes.buffer },
      );
      const response = await this.http.fetch(inbox, {
        method: 'POST',
        headers: signed.headers,
        body: bytes,
        redirect: 'manual',
        timeoutMs: DELIVERY_TIMEOUT_MS,
      });
      await response.body?.cancel();
      return response.status;
    };
    let status: number;
    try {
      const first = this.rfc9421Hosts.has(host) ? RFC_9421 : CAVAGE;
      status = await send(first);
      if (mayRefuseSignature(status)) {
        const second = first === CAVAGE ? RFC_9421 : CAVAGE;
        const retried = await send(second);
        if (retried >= 200 && retried < 300) this.rememberSpec(host, second);
        status = retried;
      }
    } catch (error) {
      // An inbox on a private address is refused for good (unless ALLOW_PRIVATE_ADDRESS).
      if (error instanceof BlockedAddressError) return 'refused';
      await this.tracker.trackFailure(host);
      throw error;
    }
    if (status >= 200 && status < 300) {
      await answered();
      return 'delivered';
    }
    if (isUnsalvageable(status)) {
      await answered();
      return 'refused';
    }
    await this.tracker.trackFailure(host);
    throw new Error(`Delivery to ${inbox} answered ${status}`);
  }

  private rememberSpec(host: string, spec: HttpMessageSignaturesSpec): void {
    if (spec === CAVAGE) {
      this.rfc9421Hosts.delete(host);
      return;
    }
    if (this.rfc9421Hosts.size >= MAX_REMEMBERED_SPECS) this.rfc9421Hosts.clear();
    this.rfc9421Hosts.add(host);
  }
}
