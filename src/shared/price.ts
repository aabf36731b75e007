/** '$1,199'. Apart from site-config.ts, so the public pages can format a price without loading zod. */
export function formatPrice(priceUsd: number): string {
  return `$${priceUsd.toLocaleString('en-US')}`
}
