import { Injectable } from '@nestjs/common';
import { FederationPolicy } from '@nestodon/core';
import { INSTANCE_ACTOR_IDENTIFIER } from '@nestodon/activitypub/render';
import { FederationRequestData, FetchRefusal, NestodonRequestContext } from './federation-types';

/** The key id a request says it is signed with (draft-cavage `Signature`, RFC 9421 `Signature-Input`). */
export function signatureKeyId(headers: Headers): string | null {
  for (const name of ['signature', 'signature-input']) {
    const match = /keyId="([^"]+)"/i.exec(headers.get(name) ?? '');
    if (match) return match[1];
  }
  return null;
}

/** The server a key id names: the URL's host, or the domain of an `acct:` key id. */
function keyHost(keyId: string): string | null {
  if (keyId.startsWith('acct:')) return keyId.split('@').pop() || null;
  return URL.canParse(keyId) ? new URL(keyId).host : null;
}

/**
 * Secure mode (AUTHORIZED_FETCH, implied by limited federation mode): our actors, statuses and
 * collections are served only to requests signed by a server that federates with us. As
 * Mastodon: unsigned or unverifiable is 401, a server blocked (or, in limited mode, not
 * allowed) is 403, and is refused before its key is fetched. The signer's key is fetched
 * signed by our instance actor, for servers that are in secure mode themselves. Used as
 * Fedify's authorize predicate; the instance actor, WebFinger and NodeInfo stay public.
 */
@Injectable()
export class SignedFetchGate {
  constructor(private readonly policy: FederationPolicy) {}

  /** Whether the request may be answered; a refusal is left in the request data. */
  allows(ctx: NestodonRequestContext): Promise<boolean> | boolean {
    return this.policy.authorizedFetch ? this.isSignedByPeer(ctx) : true;
  }

  /**
   * Whether the request is signed by a server that federates with us, whatever the mode (for
   * what is only ever served to signed requests); a refusal is left in the request data.
   */
  async isSignedByPeer(ctx: NestodonRequestContext): Promise<boolean> {
    const refusal = await this.refusal(ctx);
    if (refusal) ctx.data.refusal = refusal;
    return refusal === null;
  }

  private async refusal(ctx: NestodonRequestContext): Promise<FetchRefusal | null> {
    const keyId = signatureKeyId(ctx.request.headers);
    if (!keyId) return { status: 401, error: 'Request not signed' };
    const host = keyHost(keyId);
    if (!host || (await this.policy.refusal(host))) {
      return { status: 403, error: `Public key not found for key ${keyId}` };
    }
    const key = await ctx.getSignedKey({ documentLoader: await signedLoader(ctx) });
    return key ? null : { status: 401, error: `Verification failed for key ${keyId}` };
  }

  /** The verified signer's actor id (after `isSignedByPeer` allowed the request). */
  async signer(ctx: NestodonRequestContext): Promise<URL | null> {
    const owner = await ctx.getSignedKeyOwner({ documentLoader: await signedLoader(ctx) });
    return owner?.id ?? null;
  }
}

/** Documents fetched while checking a signature are fetched signed by the instance actor. */
function signedLoader(ctx: NestodonRequestContext) {
  return ctx.getDocumentLoader({ identifier: INSTANCE_ACTOR_IDENTIFIER });
}

/** The answer to a refused fetch. */
export function refusedFetch(data: FederationRequestData): Response {
  const refusal = data.refusal ?? { status: 401, error: 'Request not signed' };
  return new Response(JSON.stringify({ error: refusal.error }), {
    status: refusal.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', Vary: 'Accept, Signature' },
  });
}
