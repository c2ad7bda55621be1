import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { User, UserRepository, userState, UserWithAccount } from '@nestodon/domain';
import { RateLimiter, RateLimitRule } from '@nestodon/platform';
import { PasswordHasher } from '../accounts/password-hasher';
import { ActivityTracker } from '../instance/activity-tracker';

/** Sign-in attempts per client IP (Mastodon's throttle) and per e-mail address. */
export const SIGN_IN_LIMIT_PER_IP: RateLimitRule = {
  family: 'sign_in:ip',
  limit: 25,
  periodSeconds: 300,
};
export const SIGN_IN_LIMIT_PER_EMAIL: RateLimitRule = {
  family: 'sign_in:email',
  limit: 5,
  periodSeconds: 300,
};

export type SignedInUser = UserWithAccount;

export type SignInResult =
  | { outcome: 'signed_in'; user: SignedInUser }
  /** Unknown e-mail or wrong password: the page never says which. */
  | { outcome: 'invalid' }
  | { outcome: 'rate_limited'; resetAt: Date }
  /** Right password, but the login may not be used (yet). */
  | { outcome: 'disabled' | 'unconfirmed' | 'pending'; user: SignedInUser };

/**
 * The password sign-in of the web pages (OAuth authorization): rate limited per IP and per
 * e-mail address, argon2 verification, and the account states that keep a user out.
 */
@Injectable()
export class AuthenticateUserService {
  private dummyDigest?: Promise<string>;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly activity: ActivityTracker,
  ) {}

  async call(email: string, password: string, ip: string): Promise<SignInResult> {
    // No address is longer than 320 characters; cutting keeps rate-limit keys small.
    const address = email.trim().toLowerCase().slice(0, 320);
    const [byIp, byEmail] = await Promise.all([
      this.limiter.hit(SIGN_IN_LIMIT_PER_IP, ip),
      this.limiter.hit(SIGN_IN_LIMIT_PER_EMAIL, address),
    ]);
    if (!byIp.allowed || !byEmail.allowed) {
      const resetAt = [byIp, byEmail].filter((r) => !r.allowed).map((r) => r.resetAt)[0];
      return { outcome: 'rate_limited', resetAt };
    }

    const user = await this.users.findForSignIn(address);
    if (!user || !user.encryptedPassword) {
      // Spend the time a real check would, so response times do not reveal addresses.
      await this.hasher.verify(await this.dummy(), password);
      return { outcome: 'invalid' };
    }
    if (!(await this.hasher.verify(user.encryptedPassword, password))) {
      return { outcome: 'invalid' };
    }
    await this.limiter.reset(SIGN_IN_LIMIT_PER_EMAIL, address);
    delete (user as Partial<User>).encryptedPassword;

    const state = userState(user);
    if (state === 'disabled' || user.account.suspendedAt || user.account.memorial) {
      return { outcome: 'disabled', user };
    }
    if (state === 'unconfirmed' || state === 'pending') return { outcome: state, user };

    const now = new Date();
    await this.users.update(user.id, {
      lastSignInAt: user.currentSignInAt ?? now,
      currentSignInAt: now,
    });
    user.lastSignInAt = user.currentSignInAt ?? now;
    user.currentSignInAt = now;
    await this.activity.record('logins', user.id).catch(() => undefined);
    return { outcome: 'signed_in', user };
  }

  private dummy(): Promise<string> {
    this.dummyDigest ??= this.hasher.hash(randomBytes(16).toString('hex'));
    return this.dummyDigest;
  }
}
