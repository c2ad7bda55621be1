import { ValidationPipe, ValidationError as ClassValidatorError } from '@nestjs/common';
import { FieldError, ValidationError } from '@nestodon/domain';

const humanize = (property: string) =>
  property.charAt(0).toUpperCase() + property.slice(1).replace(/_/g, ' ');

function collect(errors: ClassValidatorError[], prefix = ''): Array<[string, string]> {
  return errors.flatMap((error) => {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message): [string, string] => [
      path,
      // class-validator starts messages with the property name; show it the Rails way.
      message.startsWith(`${error.property} `) ? message.slice(error.property.length + 1) : message,
    ]);
    return [...own, ...collect(error.children ?? [], path)];
  });
}

/** class-validator failures become 422 `Validation failed: …` with details per field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidUnknownValues: false,
    validateCustomDecorators: false,
    exceptionFactory: (errors) => {
      const pairs = collect(errors);
      const details: Record<string, FieldError[]> = {};
      for (const [field, description] of pairs) {
        (details[field] ??= []).push({ error: 'ERR_INVALID', description });
      }
      const summary = pairs.map(([field, message]) => `${humanize(field)} ${message}`).join(', ');
      return new ValidationError(`Validation failed: ${summary}`, details);
    },
  });
}
