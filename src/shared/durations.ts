/** A day in milliseconds, for the limits counted in days (temporary passwords, invitations, the audit log's retention). */
export const DAY_MS = 24 * 60 * 60 * 1000
