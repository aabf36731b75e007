import { and, eq, sql } from 'drizzle-orm'
import { paths } from '../../shared/paths'
import type { Db } from '../db/client'
import { account, session, user } from '../db/schema'
import type { Env } from '../env'
import type { Mailer } from '../mail/mailer'
import { invitationMail, loginDetailsMail } from '../mail/templates'
import { logger } from '../observability/logger'
import { generateUncommonPassword, hashPassword } from './passwords'

/**
 * The e-mail that tells a new account how to get in (docs/decisions/0010-login-details-email.md):
 * an account made with a temporary password (by an admin, or by a purchase) gets its e-mail and
 * that password; an imported account, which has no password yet, gets a link to choose one. Both
 * link to the sign-in page. The account exists whatever the mail does.
 */
type LoginDetailsDeps = { mailer: Mailer; env: Pick<Env, 'absoluteUrl' | 'site'> }
type DeliveryDeps = LoginDetailsDeps & { db: Db }

/** The first retry a minute after a failure, then twice as long each time, never more than an hour apart. */
const FIRST_RETRY_SECONDS = 60
const LONGEST_RETRY_SECONDS = 3600
/** What is kept of a failure's message: the admin needs the gist, not a transcript. */
const LAST_ERROR_MAX = 300

const failureText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX)

async function sendMail({ mailer, env }: LoginDetailsDeps, to: string, temporaryPassword: string) {
  await mailer.send(loginDetailsMail(to, { temporaryPassword, signInUrl: env.absoluteUrl(paths.auth) }, env.site))
}

/**
 * Sends the e-mail and temporary password of a new account, and records on its row whether it was
 * delivered. One that could not be is marked pending and retried by `retryLoginDetails`
 * (docs/decisions/0086-login-details-retried.md). Answers whether it went out now; a failure is
 * logged under `source` (`[admin]`, `[purchases]`), for the caller to report its own way.
 */
export async function sendLoginDetails(
  { db, mailer, env }: DeliveryDeps,
  to: { id: string; email: string },
  temporaryPassword: string,
  source: 'admin' | 'purchases',
): Promise<'sent' | 'failed'> {
  // The account is made whatever follows: a mark that cannot be written is logged, not thrown.
  const mark = (changes: Partial<typeof user.$inferInsert>) =>
    db
      .update(user)
      .set(changes)
      .where(eq(user.id, to.id))
      .catch((error: unknown) => logger.error({ err: error, userId: to.id }, 'The login details e-mail state could not be recorded'))
  try {
    await sendMail({ mailer, env }, to.email, temporaryPassword)
  } catch (error) {
    logger.error({ err: error, source }, `The login details e-mail to ${to.email} could not be sent; it will be retried`)
    await mark({
      loginDetails: 'pending',
      loginDetailsAttempts: 1,
      loginDetailsLastError: failureText(error),
      loginDetailsNextAttemptAt: new Date(Date.now() + FIRST_RETRY_SECONDS * 1000),
    })
    return 'failed'
  }
  await mark({ loginDetails: 'sent' })
  return 'sent'
}

/**
 * Claims the account whose pending e-mail is due soonest, if any: one statement, so two
 * processes (a cluster, several machines) never claim the same one, and the claim itself moves
 * the next try to the backoff's next step, so a process that dies mid-try leaves it to be retried.
 */
async function claimDue(db: Db, now: Date) {
  const due = db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.loginDetails, 'pending'), sql`${user.loginDetailsNextAttemptAt} <= ${now}`))
    .orderBy(user.loginDetailsNextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true })
  const [claimed] = await db
    .update(user)
    .set({
      loginDetailsAttempts: sql`${user.loginDetailsAttempts} + 1`,
      // The SET sees the row as it was: after n failures the next try waits 60 s × 2ⁿ, at most an hour.
      loginDetailsNextAttemptAt: sql`${now}::timestamptz + make_interval(secs => least(${FIRST_RETRY_SECONDS} * power(2, ${user.loginDetailsAttempts}), ${LONGEST_RETRY_SECONDS}))`,
    })
    .where(sql`${user.id} = (${due})`)
    .returning({ id: user.id, email: user.email, mustChangePassword: user.mustChangePassword })
  return claimed
}

/**
 * Retries every pending login details e-mail that is due; answers how many went out. The first
 * temporary password was never delivered and is not stored anywhere readable, so each try issues
 * a fresh one (replacing the hash, restarting its expiry) and e-mails that. An account whose
 * holder has meanwhile chosen their own password (the admin passed the first one on by hand)
 * needs nothing any more: its mark clears.
 */
export async function retryLoginDetails({ db, mailer, env }: DeliveryDeps, now = new Date()): Promise<number> {
  let delivered = 0
  for (let claimed = await claimDue(db, now); claimed; claimed = await claimDue(db, now)) {
    const { id, email } = claimed
    if (!claimed.mustChangePassword) {
      await db.update(user).set({ loginDetails: null, loginDetailsLastError: null, loginDetailsNextAttemptAt: null }).where(eq(user.id, id))
      continue
    }
    const temporaryPassword = generateUncommonPassword()
    const passwordHash = await hashPassword(temporaryPassword)
    const isReissued = await db.transaction(async (tx) => {
      const [holder] = await tx
        .update(user)
        .set({ temporaryPasswordIssuedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(user.id, id), eq(user.mustChangePassword, true), eq(user.loginDetails, 'pending')))
        .returning({ id: user.id })
      if (!holder) return false
      await tx
        .update(account)
        .set({ password: passwordHash, updatedAt: new Date() })
        .where(and(eq(account.userId, id), eq(account.providerId, 'credential')))
      // Whoever signed in with the password being replaced is signed out with it.
      await tx.delete(session).where(eq(session.userId, id))
      return true
    })
    if (!isReissued) continue
    try {
      await sendMail({ mailer, env }, email, temporaryPassword)
      await db
        .update(user)
        .set({ loginDetails: 'sent', loginDetailsLastError: null, loginDetailsNextAttemptAt: null })
        .where(eq(user.id, id))
      logger.info({ userId: id }, 'A pending login details e-mail was delivered')
      delivered += 1
    } catch (error) {
      logger.warn({ err: error, userId: id }, 'A pending login details e-mail could not be sent again')
      await db.update(user).set({ loginDetailsLastError: failureText(error) }).where(eq(user.id, id))
    }
  }
  return delivered
}

/** Sends the link to choose a first password (a reset token valid `validDays`); throws if it cannot. */
export async function sendPasswordChoiceLink(
  { mailer, env }: LoginDetailsDeps,
  to: string,
  token: string,
  validDays: number,
): Promise<void> {
  const links = { choosePasswordUrl: env.absoluteUrl(paths.choosePassword(token)), signInUrl: env.absoluteUrl(paths.auth) }
  await mailer.send(invitationMail(to, links, validDays, env.site))
}
