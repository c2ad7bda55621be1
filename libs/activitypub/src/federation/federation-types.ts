import type { Context, Federation, RequestContext } from '@fedify/fedify';
import type { Tombstone } from '@fedify/vocab';

/** A fetch refused in secure mode, answered as Mastodon's signature check: `{"error": …}`. */
export interface FetchRefusal {
  status: 401 | 403;
  error: string;
}

/** Per request: what the dispatchers found, for the answer the middleware makes of it. */
export interface FederationRequestData {
  /** What was deleted, answered with 410 Gone and its Tombstone. */
  gone: Tombstone | null;
  /** Why a fetch was refused in secure mode (401 or 403). */
  refusal?: FetchRefusal;
}

export type NestodonFederation = Federation<FederationRequestData>;
export type NestodonContext = Context<FederationRequestData>;
export type NestodonRequestContext = RequestContext<FederationRequestData>;

/** A part of the federation's routes, registered once when the Federation is built. */
export interface FederationRoutes {
  register(federation: NestodonFederation): void;
}
