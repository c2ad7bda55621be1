import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ActorKeyPems } from './account.repository';

/** The instance actor's key pairs: one row, written once. */
@Injectable()
export class InstanceActorRepository {
  constructor(private readonly dataSource: DataSource) {}

  async keys(): Promise<ActorKeyPems | null> {
    const [row] = await this.dataSource.query(
      `SELECT public_key, private_key, ed25519_public_key, ed25519_private_key
         FROM instance_actor_keys`,
    );
    return row
      ? {
          rsaPublicKey: row.public_key,
          rsaPrivateKey: row.private_key,
          ed25519PublicKey: row.ed25519_public_key,
          ed25519PrivateKey: row.ed25519_private_key,
        }
      : null;
  }

  /** Stores the keys unless another process stored its own first (then theirs stay). */
  async insertKeysIfMissing(keys: ActorKeyPems): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO instance_actor_keys (public_key, private_key, ed25519_public_key, ed25519_private_key)
       VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
      [keys.rsaPublicKey, keys.rsaPrivateKey, keys.ed25519PublicKey, keys.ed25519PrivateKey],
    );
  }
}
