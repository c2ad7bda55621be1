import { FieldError, ValidationError } from './errors';

/**
 * Collects every broken rule of a form, then throws them at once as Mastodon's 422: a message
 * "Validation failed: Username has already been taken, Password can't be blank" and `details`
 * naming each field. A field's label in the message comes from `labels`, or is given per error.
 */
export class FieldErrors<Field extends string = string> {
  private readonly errors = new Map<Field, Array<FieldError & { label: string }>>();

  constructor(private readonly labels: Partial<Record<Field, string>> = {}) {}

  /** Adds an error to a field (an error code already on that field is not repeated). */
  add(field: Field, error: FieldError, label = this.labels[field] ?? field): this {
    const list = this.errors.get(field) ?? [];
    if (!list.some((existing) => existing.error === error.error)) list.push({ ...error, label });
    this.errors.set(field, list);
    return this;
  }

  /** Adds "is too long (maximum is `max` characters)" when `length` is over `max`. */
  checkLength(field: Field, length: number, max: number, label?: string): void {
    if (length <= max) return;
    this.add(
      field,
      { error: 'ERR_TOO_LONG', description: `is too long (maximum is ${max} characters)` },
      label,
    );
  }

  /** Whether `value` is one of `allowed`; adds "must be one of …" when it is not. */
  checkInclusion<T extends string>(
    field: Field,
    value: string,
    allowed: readonly T[],
    label?: string,
  ): value is T {
    if ((allowed as readonly string[]).includes(value)) return true;
    this.add(
      field,
      { error: 'ERR_INCLUSION', description: `must be one of ${allowed.join(', ')}` },
      label,
    );
    return false;
  }

  has(field: Field): boolean {
    return this.errors.has(field);
  }

  get empty(): boolean {
    return this.errors.size === 0;
  }

  toError(): ValidationError {
    const details: Record<string, FieldError[]> = {};
    const messages: string[] = [];
    for (const [field, list] of this.errors) {
      details[field] = list.map(({ error, description }) => ({ error, description }));
      for (const item of list) messages.push(`${item.label} ${item.description}`);
    }
    return new ValidationError(`Validation failed: ${messages.join(', ')}`, details);
  }

  throwIfAny(): void {
    if (!this.empty) throw this.toError();
  }
}
