import { InvalidArgumentError } from 'commander';

/** A whole number given to an option, e.g. `--number 5`. */
export function integerOption(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError('Not a whole number.');
  return Number(value);
}

/** A date and time given to an option, ISO 8601 (`2026-12-24T18:00:00Z`, or a date alone). */
export function dateOption(value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d\d-\d\d/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError('Not an ISO 8601 date.');
  }
  return date;
}

/** A record id given to an option (decimal). */
export function idOption(value: string, previous: string[] = []): string[] {
  if (!/^\d{1,19}$/.test(value)) throw new InvalidArgumentError('Not an id.');
  return [...previous, value];
}
