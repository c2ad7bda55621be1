/**
 * The value of the first series of metric `name` in a Prometheus scrape whose labels include
 * all of `labels` (e.g. `nestodon_jobs_total` with `{ outcome: 'failed' }`); NaN when absent.
 */
export function metricSample(
  scrape: string,
  name: string,
  labels: Record<string, string> = {},
): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = scrape.split('\n').find((row) => {
    const series = row.split(' ')[0];
    return series.startsWith(`${name}{`) && wanted.every((label) => series.includes(label));
  });
  return line ? Number(line.split(' ').pop()) : NaN;
}
