import type { Request } from 'express';
import passport from 'passport';

export type SignInCheck<User> = (
  email: string,
  password: string,
  req: Request,
) => Promise<{ user: User } | { failure: string }>;

/**
 * Passport strategy for the sign-in form: `email` and `password` from the body, checked by a
 * function the app supplies. Failures carry a reason (`{ message }`) for the page to show.
 */
export class EmailPasswordStrategy<User> extends passport.Strategy {
  override name = 'email-password';

  constructor(private readonly check: SignInCheck<User>) {
    super();
  }

  override authenticate(req: Request): void {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const { email, password } = body;
    if (typeof email !== 'string' || typeof password !== 'string' || !email.trim() || !password) {
      return this.fail({ message: 'blank' }, 400);
    }
    this.check(email.trim(), password, req).then(
      (result) =>
        'user' in result
          ? this.success(result.user as Express.User)
          : this.fail({ message: result.failure }),
      (error: unknown) => this.error(error as Error),
    );
  }
}
