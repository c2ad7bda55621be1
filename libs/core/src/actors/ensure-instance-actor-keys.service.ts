import { Injectable } from '@nestjs/common';
import { ActorKeyPems, InstanceActorRepository } from '@nestodon/domain';
import { generateActorKeys } from './actor-keys';

/** The instance actor's key pairs, made on first use; processes racing agree on the first stored. */
@Injectable()
export class EnsureInstanceActorKeysService {
  private cached?: Promise<ActorKeyPems>;

  constructor(private readonly instanceActor: InstanceActorRepository) {}

  call(): Promise<ActorKeyPems> {
    // They never change once stored, so each process reads them once.
    this.cached ??= this.load().catch((error) => {
      this.cached = undefined;
      throw error;
    });
    return this.cached;
  }

  private async load(): Promise<ActorKeyPems> {
    const stored = await this.instanceActor.keys();
    if (stored) return stored;
    await this.instanceActor.insertKeysIfMissing(await generateActorKeys());
    return (await this.instanceActor.keys())!;
  }
}
