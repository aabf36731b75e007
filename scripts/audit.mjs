// `npm audit --audit-level=high` for CI: fails on any high or critical advisory. When the
// registry's advisory service cannot be reached (some mirrors answer only GET), it says plainly
// that nothing was audited instead of passing silently or failing the build for the network.
import { spawnSync } from 'node:child_process'

const run = spawnSync('npm', ['audit', '--audit-level=high', '--json'], { encoding: 'utf8' })
let report
try {
  report = JSON.parse(run.stdout)
} catch {
  console.error(`npm audit gave no report (exit ${run.status}):\n${run.stderr}`)
  process.exit(1)
}

const counts = report.metadata?.vulnerabilities
if (!counts) {
  const reason = report.message ?? report.error?.summary ?? 'no answer'
  console.log(`npm audit: NOT RUN: the advisory service is unreachable from this machine (${reason}).`)
  process.exit(0)
}

const serious = (counts.high ?? 0) + (counts.critical ?? 0)
console.log(
  `npm audit: ${counts.total ?? 0} advisories (critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, ` +
    `moderate ${counts.moderate ?? 0}, low ${counts.low ?? 0})`,
)
if (serious > 0) {
  for (const [name, finding] of Object.entries(report.vulnerabilities ?? {})) {
    if (finding.severity === 'high' || finding.severity === 'critical') console.log(`  ${finding.severity}: ${name}`)
  }
  process.exit(1)
}
