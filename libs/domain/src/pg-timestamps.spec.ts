import { types } from 'pg';
import { parseTimestamptz } from './pg-timestamps';

const pgParse = (text: string) => types.getTypeParser(1184, 'text')(text) as Date | number;

/** `YYYY-MM-DD HH:MM:SS[.f…]+00` of a time, with 0 to 6 fraction digits. */
function printed(time: number, fraction: string): string {
  return `${new Date(time).toISOString().slice(0, 19).replace('T', ' ')}${fraction}+00`;
}

describe('parseTimestamptz', () => {
  it('reads what PostgreSQL prints exactly as pg does, to the millisecond', () => {
    const from = Date.UTC(100, 0, 1);
    const to = Date.UTC(9999, 11, 31);
    for (let i = 0; i < 5000; i++) {
      const time = from + Math.floor(Math.random() * (to - from));
      const digits = i % 7;
      const micros = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
      const text = printed(time, digits ? `.${micros.slice(0, digits)}` : '');
      expect(parseTimestamptz(text).getTime()).toBe((pgParse(text) as Date).getTime());
    }
  });

  it.each([
    '2026-11-24 06:12:34.999999+00',
    '2026-11-24 06:12:34+00',
    '1969-12-31 23:59:59.5+00',
    '2026-11-24 06:12:34.123456+05:30',
    '2026-11-24 06:12:34-08',
    '0050-01-01 00:00:00+00',
    '0001-01-01 00:00:00+00 BC',
  ])('agrees with pg on %s', (text) => {
    expect(parseTimestamptz(text).getTime()).toBe((pgParse(text) as Date).getTime());
  });

  it('leaves infinity to pg', () => {
    expect(parseTimestamptz('infinity')).toBe(Infinity);
    expect(parseTimestamptz('-infinity')).toBe(-Infinity);
  });
});
