import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { ImportReport, ImportRowResult } from '../../shared/api-types'
import { ImportRowSchema, type ImportQuery, type ImportRowInput } from '../../shared/schemas/imports'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import { recordAudit, type AuditContext } from './audit-log'
import { readImportCsv } from './import-csv'
import { sendInvitationsInBackground, type Invitee } from './invitations'

type CheckedRow = ImportRowResult & { valid?: ImportRowInput }

/** 500 users of 12 columns each stay far below PostgreSQL's 65,535 parameters per statement. */
const INSERT_BATCH = 500
const EMAIL_QUERY_BATCH = 1_000

/** Each row against the Create New User form's rules, and against the rows above it. */
function checkRows(text: string): CheckedRow[] {
  const firstLineOf = new Map<string, number>()
  return readImportCsv(text).map(({ line, cells }) => {
    const [email = '', fullName = '', role = ''] = cells
    const row: CheckedRow = { line, email: email.trim(), fullName: fullName.trim(), role: role.trim(), status: 'error', errors: [] }
    if (cells.length !== 3) {
      row.errors.push(`Expected 3 columns (email, full_name, role), found ${cells.length}`)
      return row
    }
    const parsed = ImportRowSchema.safeParse({ email, fullName, role })
    if (!parsed.success) {
      row.errors.push(...new Set(parsed.error.issues.map((issue) => issue.message)))
      return row
    }
    const firstLine = firstLineOf.get(parsed.data.email)
    if (firstLine !== undefined) {
      row.errors.push(`Duplicate in file: the same email as line ${firstLine}`)
      return row
    }
    firstLineOf.set(parsed.data.email, line)
    return { ...row, email: parsed.data.email, role: parsed.data.role, status: 'create', valid: parsed.data }
  })
}

async function existingEmails(db: Db, emails: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (let at = 0; at < emails.length; at += EMAIL_QUERY_BATCH) {
    const rows = await db
      .select({ email: user.email })
      .from(user)
      .where(inArray(user.email, emails.slice(at, at + EMAIL_QUERY_BATCH)))
    for (const row of rows) found.add(row.email)
  }
  return found
}

/**
 * The valid new rows' accounts, all in one transaction: a failure creates none. An account is
 * created without a password (see invitations). An e-mail taken since the check is skipped by the
 * unique index rather than failing the import, and reported as existing. Each account created
 * gets its "Created user" audit entry (by the importing admin, via import) in the same transaction.
 */
async function createAccounts(db: Db, rows: CheckedRow[], audit: AuditContext): Promise<Invitee[]> {
  const now = new Date()
  return db.transaction(async (tx) => {
    const created: Invitee[] = []
    for (let at = 0; at < rows.length; at += INSERT_BATCH) {
      const values = rows.slice(at, at + INSERT_BATCH).map(({ valid }) => ({
        id: randomUUID(),
        email: valid!.email,
        name: valid!.fullName,
        role: valid!.role,
        source: 'import',
        createdAt: now,
        updatedAt: now,
      }))
      const inserted = await tx
        .insert(user)
        .values(values)
        .onConflictDoNothing({ target: user.email })
        .returning({ id: user.id, email: user.email, role: user.role })
      await recordAudit(
        tx,
        audit,
        ...inserted.map((row) => ({
          action: 'user_created' as const,
          target: { id: row.id, email: row.email },
          detail: { via: 'import', role: row.role },
        })),
      )
      created.push(...inserted.map(({ id, email }) => ({ id, email })))
    }
    return created
  })
}

type Deps = { db: Db } & Parameters<typeof sendInvitationsInBackground>[0]

/**
 * The bulk import. A dry run reports what each row would do and writes nothing; a commit checks
 * the file again (it may have changed, and so may the users) and creates the valid new rows.
 */
export async function importUsers(
  deps: Deps,
  text: string,
  { mode, sendLoginDetails }: ImportQuery,
  audit: AuditContext,
): Promise<ImportReport> {
  const checked = checkRows(text)
  const taken = await existingEmails(deps.db, checked.flatMap((row) => (row.valid ? [row.valid.email] : [])))
  for (const row of checked) if (row.valid && taken.has(row.valid.email)) row.status = 'exists'

  let created: Invitee[] = []
  if (mode === 'commit') {
    created = await createAccounts(deps.db, checked.filter((row) => row.status === 'create'), audit)
    const createdEmails = new Set(created.map((invitee) => invitee.email))
    for (const row of checked) if (row.status === 'create' && !createdEmails.has(row.email)) row.status = 'exists'
    if (sendLoginDetails && created.length > 0) void sendInvitationsInBackground(deps, created)
  }

  const rows = checked.map(({ valid: _valid, ...row }) => row)
  const count = (status: ImportRowResult['status']) => rows.filter((row) => row.status === status).length
  return {
    mode,
    rows,
    counts: { create: count('create'), exists: count('exists'), error: count('error') },
    created: created.length,
    loginDetails: mode === 'commit' && sendLoginDetails && created.length > 0 ? 'sending' : 'not-requested',
  }
}
