// `node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]`: where a V8 CPU profile
// (from `npm run bench -- --profile`) spent its time, by function (self time) and by package.
import fs from 'node:fs'

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const [file, topArg] = process.argv.slice(2)
if (!file) {
  console.error('Usage: bench/profile-summary.ts <file.cpuprofile> [top]')
  process.exit(1)
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
const top = Number(topArg ?? 25)

const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const selfTime = new Map<number, number>()
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)))
const total = [...selfTime.values()].reduce((a, b) => a + b, 0)

const where = (url: string) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (match) return match[1]!
  if (url.includes('/src/')) return 'src/' + url.split('/src/')[1]
  if (url.startsWith('node:')) return url
  return url ? 'other' : '(native / V8)'
}

const functions = new Map<string, number>()
const packages = new Map<string, number>()
for (const [id, time] of selfTime) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame
  const name = `${functionName || '(anonymous)'}  ${where(url)}${url ? `:${lineNumber + 1}` : ''}`
  functions.set(name, (functions.get(name) ?? 0) + time)
  packages.set(where(url), (packages.get(where(url)) ?? 0) + time)
}
const print = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`)
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)} %  ${(time / 1000).toFixed(0).padStart(6)} ms  ${name}`)
  }
}
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`)
print('Self time by package', packages)
print('Self time by function', functions)
