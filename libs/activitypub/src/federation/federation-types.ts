import type { Context, Federation, RequestContext } from '@fedify/fedify';
import type { Tombstone } from '@fedify/vocab';

/** Per request: what a dispatcher found deleted, answered with 410 Gone and a Tombstone. */
export interface FederationRequestData {
  gone: Tombstone | null;
}

export type NestodonFederation = Federation<FederationRequestData>;
export type NestodonContext = Context<FederationRequestData>;
export type NestodonRequestContext = RequestContext<FederationRequestData>;

/** A part of the federation's routes, registered once when the Federation is built. */
export interface FederationRoutes {
  register(federation: NestodonFederation): void;
}
