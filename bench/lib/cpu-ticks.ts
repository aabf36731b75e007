// CPU time by party, from /proc: the portal's processes, PostgreSQL's backends, this process (the
// load generator), and the machine's busy and idle time. Read before and after a stretch of load,
// the differences say where the two cores went.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

export const CLOCK_TICKS_PER_SECOND = 100

/** CPU time so far, in clock ticks (user + system), from a `stat` file of /proc; 0 once it has gone. */
const ticksIn = (statFile: string) => {
  try {
    const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

/** CPU time of a process so far, all its threads. */
export const ticksOf = (pid: number) => ticksIn(`/proc/${pid}/stat`)

/**
 * CPU time of a process's main thread: Node's event loop, which runs every request's JavaScript
 * one at a time. The rest of a process's time is in threads beside it (password hashes and
 * compression in libuv's pool, V8's compiler and garbage collector) and does not queue requests.
 */
export const mainThreadTicksOf = (pid: number) => ticksIn(`/proc/${pid}/task/${pid}/stat`)

/** A process and its children (WEB_CONCURRENCY's workers). */
export const withChildren = (pid: number): number[] => {
  try {
    return [pid, ...fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)]
  } catch {
    return [pid]
  }
}

/**
 * Every PostgreSQL server process and its ticks. They come and go: one that began between two
 * readings counts whole, one that ended is lost (a pool's idle connections close after 10 s).
 */
export const postgresTicks = () => {
  let pids: number[] = []
  try {
    pids = execFileSync('pgrep', ['-f', 'postgres: '], { encoding: 'utf8' }).trim().split('\n').map(Number)
  } catch {
    // None running (PGlite only).
  }
  return new Map(pids.map((pid): [number, number] => [pid, ticksOf(pid)]))
}

export const machineTicks = () => {
  const [user, nice, system, idle, iowait, irq, softirq] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number)
  return { busy: user! + nice! + system! + irq! + softirq!, idle: idle! + iowait! }
}

export type CpuReading = { server: number; eventLoops: number; postgres: Map<number, number>; generator: number; machine: { busy: number; idle: number } }

export const readCpu = (serverPid: number): CpuReading => ({
  server: withChildren(serverPid).reduce((sum, pid) => sum + ticksOf(pid), 0),
  eventLoops: withChildren(serverPid).reduce((sum, pid) => sum + mainThreadTicksOf(pid), 0),
  postgres: postgresTicks(),
  generator: ticksOf(process.pid),
  machine: machineTicks(),
})

/** Milliseconds of CPU each party used between two readings. */
export function cpuBetween(before: CpuReading, after: CpuReading) {
  const ms = (ticks: number) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND
  const postgres = [...after.postgres].reduce((sum, [pid, ticks]) => sum + ticks - (before.postgres.get(pid) ?? 0), 0)
  return {
    server: ms(after.server - before.server),
    /** Of the server's time, its processes' main threads'. */
    eventLoops: ms(after.eventLoops - before.eventLoops),
    postgres: ms(postgres),
    generator: ms(after.generator - before.generator),
    busy: ms(after.machine.busy - before.machine.busy),
    idle: ms(after.machine.idle - before.machine.idle),
  }
}
