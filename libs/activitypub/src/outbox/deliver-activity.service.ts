import { createHash } from 'node:crypto';
import { signRequest } from '@fedify/fedify';
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

/**
 * POSTs one activity to one inbox (the worker's `federation.deliver` queue), signed with the
 * actor's RSA key (HTTP Signatures, draft-cavage, which every server verifies; Fedify signs)
 * and sent through SafeHttpClient, never Fedify's global fetch. A 2xx delivers; a lasting 4xx
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
    // Fedify signs over the Digest given (hashing here, synchronously, costs far less than its
    // Web Crypto digest) and is handed the bytes, so it need not read a body stream back.
    const headers = new Headers({
      'Content-Type': 'application/activity+json',
      Digest: `SHA-256=${createHash('sha256').update(bytes).digest('base64')}`,
    });
    if (syncFollowers) {
      const header = await this.followerSynchronization.header(accountId, keys.actorUri, inbox);
      headers.set('Collection-Synchronization', header);
    }
    const signed = await signRequest(
      new Request(inbox, { method: 'POST', headers }),
      keys.rsa.privateKey,
      keys.rsa.keyId,
      { spec: 'draft-cavage-http-signatures-12', body: bytes.buffer },
    );
    let status: number;
    try {
      const response = await this.http.fetch(inbox, {
        method: 'POST',
        headers: signed.headers,
        body: bytes,
        redirect: 'manual',
        timeoutMs: DELIVERY_TIMEOUT_MS,
      });
      status = response.status;
      await response.body?.cancel();
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
}
