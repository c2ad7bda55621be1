/** Nestodon's own version: instance information, NodeInfo and the outbound User-Agent. */
export const NESTODON_VERSION = '0.1.0';
