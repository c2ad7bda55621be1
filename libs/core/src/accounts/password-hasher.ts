import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/** argon2id, memory-hard; parameters are argon2's defaults (64 MiB, 3 passes). */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(digest: string, password: string): Promise<boolean> {
    if (!digest) return false;
    try {
      return await argon2.verify(digest, password);
    } catch {
      return false;
    }
  }
}
