// The API's refusals that several places make, worded once. A message the specification quotes
// lives with the schema it validates (src/shared/schemas/); one a single service makes stays there.

/** 401 from every guard and from a write whose learner was deleted since the session check. */
export const SIGN_IN_MESSAGE = 'Please sign in to continue.'

/** 403 PASSWORD_CHANGE_REQUIRED: a temporary password to replace first (guards.ts, and migration 0010's toggle). */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = 'Please change your temporary password to continue.'

/** 403 TWO_FACTOR_REQUIRED: an admin without two-factor sign-in, with REQUIRE_ADMIN_2FA on. */
export const TWO_FACTOR_REQUIRED_MESSAGE = 'Set up two-factor sign-in to use the admin panel.'

/** 403 FORBIDDEN from an admin route to anyone else. */
export const ADMIN_ONLY_MESSAGE = 'This is only available to admins.'

/** 404 for a module the course (published or draft) does not have. */
export const MODULE_NOT_FOUND_MESSAGE = 'Module not found'
