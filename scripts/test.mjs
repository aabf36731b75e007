// `npm test`: every suite, then one line with the totals.
//   1. unit and API tests on PGlite
//   2. the server suites again on PostgreSQL, when TEST_DATABASE_URL is set
//      (vitest.config.ts picks the files of each pass)
//   3. end-to-end tests in Chromium, when it is installed (required when CI=true)
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { root } from './client-build.mjs'

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const isCI = Boolean(process.env.CI)
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs')
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sws-test-'))
const results = []
// The summary repeats each failure in a line, so that the last lines of a long CI log say what failed.
const firstLine = (text = '') => text.trim().split('\n')[0].slice(0, 300)

function runSuite(name, args, env = {}) {
  console.log(`\n━━ ${name} ━━`)
  const report = path.join(reportDir, `${results.length}.json`)
  const run = spawnSync(
    process.execPath,
    [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  )
  let passed = 0
  let failed = 0
  const failures = []
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'))
    passed = json.numPassedTests
    for (const file of json.testResults) {
      const where = path.relative(root, file.name)
      if (file.status === 'failed' && file.assertionResults.length === 0) failures.push(`${where}: ${firstLine(file.message)}`)
      for (const test of file.assertionResults) {
        if (test.status === 'failed') failures.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`)
      }
    }
    failed = failures.length
  }
  // A suite that crashed before reporting counts as one failure.
  if (run.status !== 0 && failed === 0) failed = 1
  results.push({ name, passed, failed, failures })
}

runSuite('Unit and API tests (PGlite)', [], { TEST_DB: 'pglite' })

if (process.env.TEST_DATABASE_URL) {
  runSuite('Server tests (PostgreSQL)', ['src/server'], { TEST_DB: 'postgres' })
} else {
  console.log('\nPostgreSQL pass skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to run the server suites on PostgreSQL too.')
}

if (fs.existsSync(chromiumPath)) {
  runSuite('End-to-end tests (Chromium)', ['--config', 'e2e/vitest.config.ts'])
} else if (isCI) {
  console.error(`\nEnd-to-end tests cannot run: no Chromium at ${chromiumPath}. CI must install it (apt-get install -y chromium).`)
  results.push({ name: 'End-to-end tests (Chromium)', passed: 0, failed: 1 })
} else {
  console.log(
    `\nEnd-to-end tests SKIPPED: no Chromium at ${chromiumPath}.\n` +
      '  To run them: apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium binary).',
  )
}

fs.rmSync(reportDir, { recursive: true, force: true })
console.log('\n━━ Summary ━━')
for (const { name, passed, failed, failures = [] } of results) {
  console.log(`  ${name}: ${passed} passed, ${failed} failed`)
  for (const failure of failures) console.log(`    ✗ ${failure}`)
}
const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
