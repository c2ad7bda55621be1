import { Marker } from '@nestodon/domain';

/** Mastodon's Marker entity; the API answers a map of them keyed by timeline. */
export interface MarkerJson {
  last_read_id: string;
  version: number;
  updated_at: string;
}

export function serializeMarker(marker: Marker): MarkerJson {
  return {
    last_read_id: String(marker.lastReadId),
    version: marker.lockVersion,
    updated_at: new Date(marker.updatedAt).toISOString(),
  };
}

export function serializeMarkers(markers: Marker[]): Record<string, MarkerJson> {
  const map: Record<string, MarkerJson> = {};
  for (const marker of markers) map[marker.timeline] = serializeMarker(marker);
  return map;
}
