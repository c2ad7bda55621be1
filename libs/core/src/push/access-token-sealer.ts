import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keeps the access token of a push subscription encrypted at rest: Mastodon puts the token in
 * every push payload (the device tells its accounts apart by it), while tokens are otherwise
 * stored only as digests. AES-256-GCM, the key derived from SECRET_KEY_BASE.
 */
@Injectable()
export class AccessTokenSealer {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = Buffer.from(
      hkdfSync('sha256', config.secretKeyBase, '', 'nestodon web push access token', 32),
    );
  }

  seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The token, or null when it was sealed under another SECRET_KEY_BASE. */
  open(sealed: string): string | null {
    try {
      const data = Buffer.from(sealed, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString();
    } catch {
      return null;
    }
  }
}
