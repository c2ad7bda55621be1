import { InvalidArgumentError } from 'commander';

/** A whole number given to an option, e.g. `--number 5`. */
export function integerOption(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError('Not a whole number.');
  return Number(value);
}
