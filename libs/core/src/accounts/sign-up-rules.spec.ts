import { ValidationError } from '@nestodon/domain';
import {
  checkEmail,
  checkLocale,
  checkPassword,
  checkUsername,
  isReservedUsername,
  normalizeEmail,
  SignUpErrors,
  signUpErrors,
} from './sign-up-rules';

const codes = (errors: SignUpErrors) => {
  try {
    errors.throwIfAny();
    return {};
  } catch (error) {
    const details = (error as ValidationError).details ?? {};
    return Object.fromEntries(
      Object.entries(details).map(([field, list]) => [field, list.map((item) => item.error)]),
    );
  }
};

describe('sign-up rules', () => {
  it('accepts letters, digits and underscores up to 30 characters', () => {
    const errors = signUpErrors();
    checkUsername('Alice_1990', errors);
    checkUsername('a'.repeat(30), errors);
    expect(errors.empty).toBe(true);
  });

  it('rejects blank, malformed, long and reserved usernames with Mastodon codes', () => {
    const cases: Array<[string, string[]]> = [
      ['', ['ERR_BLANK']],
      ['al ice', ['ERR_INVALID']],
      ['alice.b', ['ERR_INVALID']],
      ['ålice', ['ERR_INVALID']],
      ['a'.repeat(31), ['ERR_TOO_LONG']],
      ['Admin', ['ERR_RESERVED']],
      ['postmaster', ['ERR_RESERVED']],
      ['webmaster', ['ERR_RESERVED']],
    ];
    for (const [username, expected] of cases) {
      const errors = signUpErrors();
      checkUsername(username, errors);
      expect([username, codes(errors).username]).toEqual([username, expected]);
    }
  });

  it('lets operators take reserved names', () => {
    const errors = signUpErrors();
    checkUsername('admin', errors, { allowReserved: true });
    expect(errors.empty).toBe(true);
    expect(isReservedUsername('ROOT')).toBe(true);
    expect(isReservedUsername('rooted')).toBe(false);
  });

  it('checks e-mail format on the normalized address', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
    const good = signUpErrors();
    checkEmail('alice@example.com', good);
    checkEmail('a.b+tag@mail.example.co.uk', good);
    // Hosts without a dot, as Mastodon accepts them (issue 15).
    checkEmail('admin@localhost', good);
    checkEmail('a@b', good);
    expect(good.empty).toBe(true);
    const badAddresses = [
      'alice',
      'alice@',
      '@example.com',
      'a b@example.com',
      'a@@b.com',
      'a@b..com',
      'a@.com',
      'a@b.',
      '.a@b.com',
    ];
    for (const bad of badAddresses) {
      const errors = signUpErrors();
      checkEmail(bad, errors);
      expect([bad, codes(errors).email]).toEqual([bad, ['ERR_INVALID']]);
    }
    const blank = signUpErrors();
    checkEmail('', blank);
    expect(codes(blank).email).toEqual(['ERR_BLANK']);
  });

  it('wants passwords of 8 to 72 characters', () => {
    const cases: Array<[string, string[] | undefined]> = [
      ['', ['ERR_BLANK']],
      ['1234567', ['ERR_TOO_SHORT']],
      ['12345678', undefined],
      ['x'.repeat(72), undefined],
      ['x'.repeat(73), ['ERR_TOO_LONG']],
    ];
    for (const [password, expected] of cases) {
      const errors = signUpErrors();
      checkPassword(password, errors);
      expect(codes(errors).password).toEqual(expected);
    }
  });

  it('accepts known languages with an optional region as locale', () => {
    const errors = signUpErrors();
    expect(checkLocale('en', errors)).toBe('en');
    expect(checkLocale('pt_BR', errors)).toBe('pt-BR');
    expect(checkLocale('zh-Hant', errors)).toBe('zh-Hant');
    expect(checkLocale('', errors)).toBeNull();
    expect(checkLocale(undefined, errors)).toBeNull();
    expect(errors.empty).toBe(true);
    for (const bad of ['xx', 'english', '12', 'en-']) {
      const failing = signUpErrors();
      checkLocale(bad, failing);
      expect([bad, codes(failing).locale]).toEqual([bad, ['ERR_INCLUSION']]);
    }
  });

  it('builds one message naming every field, as Mastodon does', () => {
    const errors = signUpErrors();
    checkUsername('', errors);
    checkPassword('short', errors);
    errors.add('agreement', { error: 'ERR_ACCEPTED', description: 'must be accepted' });
    const error = errors.toError();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe(
      "Validation failed: Username can't be blank, Password is too short (minimum is 8 characters), Agreement must be accepted",
    );
    expect(error.details).toEqual({
      username: [{ error: 'ERR_BLANK', description: "can't be blank" }],
      password: [{ error: 'ERR_TOO_SHORT', description: 'is too short (minimum is 8 characters)' }],
      agreement: [{ error: 'ERR_ACCEPTED', description: 'must be accepted' }],
    });
  });
});
