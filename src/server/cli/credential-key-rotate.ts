import { issuerDid } from '../credentials/issuer'
import { rotateCredentialKey } from '../credentials/signing-key'
import { openRuntime } from '../runtime'
import { fail, HELP_OPTION, loadEnvOrFail, parseCommandArgs } from './command'

const usage = 'Usage: npm run credential:rotate-key'

/**
 * Retires the key the credentials are signed with and makes the next one. The old public key
 * stays in the DID document, so every credential already issued still verifies
 * (docs/decisions/0091-open-badges-credential.md). Works while the server is stopped (an
 * embedded database allows one process at a time) or, on PostgreSQL, while it runs.
 */
async function main() {
  const parsed = parseCommandArgs(usage, { options: { help: HELP_OPTION } })
  if (!parsed) return
  const env = loadEnvOrFail()
  const runtime = await openRuntime(env).catch((error: unknown) => fail((error as Error).message))
  try {
    const key = await rotateCredentialKey(runtime.db)
    console.log(`New credential signing key: ${issuerDid(env.publicUrl)}#${key.id}. Credentials signed before keep verifying with the retired keys.`)
  } catch (error) {
    await runtime.close()
    fail(String(error))
  }
  await runtime.close()
}

await main()
