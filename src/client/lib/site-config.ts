import type { SiteConfig } from '../../shared/site-config'

declare const __SITE_CONFIG__: SiteConfig

/** Names, prices and links, fixed at build time from the same config the server reads. */
export const siteConfig: SiteConfig = __SITE_CONFIG__

export const pageTitle = (page: string): string => `${page} - ${siteConfig.shortName}`
