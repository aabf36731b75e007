const changePassword = '/change-password'

/**
 * Every route of the learner's and the public pages, in one place (server links in e-mails use them
 * too); the Admin Panel's are in admin-paths.ts (docs/decisions/0093-admin-routes-in-the-admin-chunk.md).
 */
export const paths = {
  home: '/',
  sales: '/sales',
  auth: '/auth',
  changePassword,
  course: '/course',
  dashboard: '/dashboard',
  progress: '/progress',
  /** The Admin Panel; its sections' addresses are in admin-paths.ts, which only the admin chunk loads. */
  admin: '/admin',
  completion: '/completion',
  /** Two-factor sign-in, the learner's data and its download. */
  security: '/security',
  /** Where an admin without a second factor is held until they set one up (REQUIRE_ADMIN_2FA). */
  twoFactorSetup: '/two-factor-setup',
  module: (moduleNumber: number) => `/module/${moduleNumber}`,
  /** The e-mailed link to choose a password: a reset, or an imported learner's first one. */
  choosePassword: (token: string) => `${changePassword}?token=${encodeURIComponent(token)}`,
  verify: (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}`,
  /** The certificate's signed Open Badges credential, for machines (docs/decisions/0091-open-badges-credential.md). */
  verifyCredential: (certificateId: string) => `/verify/${encodeURIComponent(certificateId)}.json`,
  /** The signed-in learner's own credential, as a download. */
  certificateCredential: '/api/certificate/credential.json',
} as const

/**
 * The pages an e-mail's signed links open, rendered by the server without a session
 * (src/server/routes/email-links.ts); not screens of the client.
 */
export const emailLinkPaths = {
  unsubscribe: '/email/unsubscribe',
  preferences: '/email/preferences',
} as const

/**
 * A module's number, in a page's path and in the API's: 1 to 999 in digits only, so '1.5', '1e0',
 * ' 1' and '01' are not one. Whether the published course has that module is a second question.
 */
export const isModuleNumber = (value: string): boolean => /^[1-9]\d{0,2}$/.test(value)

/** The module page's route pattern, as the router, the server's rendered pages and the build name it. */
export const MODULE_ROUTE = '/module/:moduleNumber'

/** The router's pattern of the certificate's verify page (`paths.verify` builds its paths). */
export const VERIFY_ROUTE = '/verify/:certificateId'

/** The router's pattern of the Admin Panel: its pages are routed inside the admin chunk (src/client/screens/admin.tsx). */
export const ADMIN_ROUTE = '/admin/*'
