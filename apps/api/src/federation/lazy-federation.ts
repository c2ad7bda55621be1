import { Injectable, Type } from '@nestjs/common';
import { LazyModuleLoader } from '@nestjs/core';
import type * as FederationLib from '@nestodon/activitypub/federation';

/** ActivityPub once loaded: the library's exports, and its providers by class. */
export interface LoadedFederation {
  lib: typeof FederationLib;
  get<T>(type: Type<T>): T;
}

/**
 * The one place the api gets ActivityPub from. FederationModule (Fedify, @fedify/vocab and our
 * ActivityPub code: about 15 MB of heap) is loaded at the first request that needs it, an
 * ActivityPub, WebFinger or NodeInfo request or a remote account looked up, searched for or
 * mentioned, rather than at boot. The worker loads it at boot (its jobs need it).
 */
@Injectable()
export class LazyFederation {
  private loaded?: Promise<LoadedFederation>;

  constructor(private readonly loader: LazyModuleLoader) {}

  load(): Promise<LoadedFederation> {
    this.loaded ??= this.loadModule().catch((error: unknown) => {
      this.loaded = undefined; // the next request tries again
      throw error;
    });
    return this.loaded;
  }

  private async loadModule(): Promise<LoadedFederation> {
    const lib = await import('@nestodon/activitypub/federation');
    const module = await this.loader.load(() => lib.FederationModule);
    return { lib, get: (type) => module.get(type, { strict: false }) };
  }
}
