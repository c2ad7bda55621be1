import { humanSize } from './human-size';

describe('humanSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Byte'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1240, '1.21 KB'],
    [12_400, '12.1 KB'],
    [124_000, '121 KB'],
    [1024 * 1024, '1 MB'],
    [5.5 * 1024 ** 3, '5.5 GB'],
  ])('prints %p bytes as %p', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });
});
