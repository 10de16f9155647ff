/** Parcel carriers offered when shipping, with their public tracking pages (pure; safe in the browser). Swiss Post is the default. */
export const CARRIERS = {
  'swiss-post': { name: 'Swiss Post', url: (n: string) => `https://service.post.ch/ekp-web/ui/entry/search/${encodeURIComponent(n)}` },
  dhl: { name: 'DHL', url: (n: string) => `https://www.dhl.com/ch-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=${encodeURIComponent(n)}` },
  dpd: { name: 'DPD', url: (n: string) => `https://tracking.dpd.de/status/en_US/parcel/${encodeURIComponent(n)}` },
  ups: { name: 'UPS', url: (n: string) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}` },
} as const;
export type Carrier = keyof typeof CARRIERS;
export const DEFAULT_CARRIER: Carrier = 'swiss-post';

/** The tracking page of a parcel, or null for an unknown carrier. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber) return null;
  const c = CARRIERS[carrier as Carrier];
  return c ? c.url(trackingNumber) : null;
}
