import { z } from 'zod'

/**
 * Names, prices, links and contact details shown across the portal (docs/decisions/0011-site-config.md).
 * Each value can be overridden by the environment variable named beside it; the server reads
 * them at start and the client receives them at build time.
 */
const siteConfigSchema = z.object({
  courseName: z.string().min(1).default('CRM Training Course'),
  /** Ends every page title: 'Your Progress - CRM Training'. */
  shortName: z.string().min(1).default('CRM Training'),
  tagline: z.string().min(1).default('Success Without Sacrifice'),
  priceUsd: z.coerce.number().int().positive().default(1199),
  contactEmail: z.email().default('support@successwithoutsacrifice.com'),
  crmTrialUrl: z.url().default('https://www.example-crm.com/free-trial'),
  crmLoginUrl: z.url().default('https://app.example-crm.com/login'),
  crmMarketplaceUrl: z.url().default('https://app.example-crm.com/marketplace'),
  copyrightYear: z.coerce.number().int().default(2025),
  videoEmbedBaseUrl: z.url().default('https://player.vimeo.com/video/'),
})

export type SiteConfig = z.infer<typeof siteConfigSchema>

export const siteConfigEnvNames = {
  courseName: 'SITE_COURSE_NAME',
  shortName: 'SITE_SHORT_NAME',
  tagline: 'SITE_TAGLINE',
  priceUsd: 'SITE_PRICE_USD',
  contactEmail: 'SITE_CONTACT_EMAIL',
  crmTrialUrl: 'SITE_CRM_TRIAL_URL',
  crmLoginUrl: 'SITE_CRM_LOGIN_URL',
  crmMarketplaceUrl: 'SITE_CRM_MARKETPLACE_URL',
  copyrightYear: 'SITE_COPYRIGHT_YEAR',
  videoEmbedBaseUrl: 'SITE_VIDEO_EMBED_BASE_URL',
} as const satisfies Record<keyof SiteConfig, string>

type SiteConfigResult = { ok: true; config: SiteConfig } | { ok: false; errors: string[] }

export function parseSiteConfig(env: Record<string, string | undefined>): SiteConfigResult {
  const input: Record<string, string> = {}
  for (const [key, name] of Object.entries(siteConfigEnvNames)) {
    const value = env[name]
    if (value !== undefined && value !== '') input[key] = value
  }
  const result = siteConfigSchema.safeParse(input)
  if (result.success) return { ok: true, config: result.data }
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const key = issue.path[0] as keyof SiteConfig
      return `${siteConfigEnvNames[key]}: ${issue.message}`
    }),
  }
}
