import { createPrivateKey, createPublicKey, webcrypto } from 'node:crypto';
import type { ActorKeyPems } from '@nestodon/domain';

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/**
 * Stored PEM keys as the Web Crypto key pairs Fedify signs with: RSA first (Fedify publishes
 * the first pair as `#main-key`, the HTTP Signatures key Mastodon reads), then Ed25519.
 */
export function toCryptoKeyPairs(keys: ActorKeyPems): webcrypto.CryptoKeyPair[] {
  return [
    {
      publicKey: createPublicKey(keys.rsaPublicKey).toCryptoKey(RSA, true, ['verify']),
      privateKey: createPrivateKey(keys.rsaPrivateKey).toCryptoKey(RSA, true, ['sign']),
    },
    {
      publicKey: createPublicKey(keys.ed25519PublicKey).toCryptoKey('Ed25519', true, ['verify']),
      privateKey: createPrivateKey(keys.ed25519PrivateKey).toCryptoKey('Ed25519', true, ['sign']),
    },
  ];
}
