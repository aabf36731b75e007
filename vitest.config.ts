import os from 'node:os'
import { defineConfig } from 'vitest/config'
import { parseSiteConfig } from './src/shared/site-config.ts'

const site = parseSiteConfig({})
if (!site.ok) throw new Error(site.errors.join('\n'))

// A `*.pglite.test.ts` file is about the embedded database and runs only on PGlite; a
// `*.postgres.test.ts` file needs a PostgreSQL server (TEST_DB=postgres) and runs only there.
const onPostgres = process.env.TEST_DB === 'postgres'

export default defineConfig({
  // The client's screens read the site config the build bakes in (vite.config.ts): the defaults here.
  define: { __SITE_CONFIG__: JSON.stringify(site.config) },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    exclude: ['**/node_modules/**', onPostgres ? 'src/**/*.pglite.test.ts' : 'src/**/*.postgres.test.ts'],
    environment: 'node',
    // Vitest leaves a core for itself by default (one worker on two cores); its own process is
    // idle while the files run, so every core runs a file (3 min instead of 3 min 40 s here).
    maxWorkers: os.availableParallelism(),
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
