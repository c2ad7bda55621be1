import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { ActorKeyPems } from '@nestodon/domain';

const generate = promisify(generateKeyPair);
const SPKI_PEM = { type: 'spki', format: 'pem' } as const;
const PKCS8_PEM = { type: 'pkcs8', format: 'pem' } as const;

/**
 * A new actor's key pairs: RSA 2048 for HTTP Signatures (what Mastodon verifies) and Ed25519
 * for Object Integrity Proofs. Generated off the main thread.
 */
export async function generateActorKeys(): Promise<ActorKeyPems> {
  const [rsa, ed25519] = await Promise.all([
    generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: SPKI_PEM,
      privateKeyEncoding: PKCS8_PEM,
    }),
    generate('ed25519', { publicKeyEncoding: SPKI_PEM, privateKeyEncoding: PKCS8_PEM }),
  ]);
  return {
    rsaPublicKey: rsa.publicKey,
    rsaPrivateKey: rsa.privateKey,
    ed25519PublicKey: ed25519.publicKey,
    ed25519PrivateKey: ed25519.privateKey,
  };
}
