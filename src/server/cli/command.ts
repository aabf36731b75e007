import { parseArgs, type ParseArgsConfig } from 'node:util'
import { ConfigError, loadEnv, type Env } from '../env'

// What the four commands (npm run user:create, user:2fa-reset, backup, restore) share. A command
// talks to the person at the terminal, so it prints to the console, not to the server's log.

/** The option every command takes: print the usage and stop. */
export const HELP_OPTION = { type: 'boolean', short: 'h' } as const

/** Prints the error and ends the command with status 1. */
export function fail(message: string): never {
  console.error(`Error: ${message}`)
  process.exit(1)
}

/** A failure's own message, as the command prints it. */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/**
 * The command's arguments, strictly: an unknown or malformed one fails with the usage. With
 * `--help` it prints the usage and answers undefined, and the command has nothing left to do.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(usage: string, config: T): ReturnType<typeof parseArgs<T>> | undefined {
  let parsed: ReturnType<typeof parseArgs<T>>
  try {
    parsed = parseArgs<T>({ strict: true, ...config })
  } catch (error) {
    fail(`${messageOf(error)}\n${usage}`)
  }
  if ((parsed.values as { help?: boolean }).help) {
    console.log(usage)
    return undefined
  }
  return parsed
}

/** The environment (env.ts), or the command fails with what is wrong in it. */
export function loadEnvOrFail(): Env {
  try {
    return loadEnv()
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error))
  }
}
