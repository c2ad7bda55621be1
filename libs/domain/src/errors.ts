/**
 * Domain errors thrown by use cases; the HTTP layer maps each to Mastodon's status and body,
 * so services never speak HTTP.
 */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** 404: the record does not exist or the viewer may not see it. */
export class RecordNotFoundError extends DomainError {
  constructor(message = 'Record not found') {
    super(message);
  }
}

/** 403: the viewer may see the record but not do this with it. */
export class NotPermittedError extends DomainError {
  constructor(message = 'This action is not allowed') {
    super(message);
  }
}

export interface FieldError {
  error: string;
  description: string;
}

/** 422: input that breaks a rule; `details` names each bad field as Mastodon's sign-up does. */
export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly details?: Record<string, FieldError[]>,
  ) {
    super(message);
  }
}

/** 503: a lock or race lost; the client may retry. */
export class RaceConditionError extends DomainError {
  constructor(message = 'There was a temporary problem serving your request, please try again') {
    super(message);
  }
}

/** 429. */
export class RateLimitExceededError extends DomainError {
  constructor(readonly resetAt: Date) {
    super('Too many requests');
  }
}
