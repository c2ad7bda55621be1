const UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'];

/**
 * A byte count as tootctl prints it (Rails' number_to_human_size): "0 Bytes", "1 Byte",
 * "512 Bytes", "1.21 KB", "12.1 KB", "121 KB", "1 MB": binary units, three significant digits.
 */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'Byte' : 'Bytes'}`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toPrecision(3))} ${UNITS[unit]}`;
}
