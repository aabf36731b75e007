import { useEffect, useMemo, useRef } from 'react'
import { WATCH_REPORT_INTERVAL_SECONDS, type WatchReport } from '../../../../shared/media'
import { useReportWatch } from '../api'
import type { PlayerEvents } from './player-events'
import { WatchRanges, type Range } from './watch-ranges'

/** The most ranges one report may carry (WatchReportSchema); older unsent ones give way. */
const MAX_RANGES = 200

type Options = { moduleId: string; lessonId: string; enabled: boolean }

/**
 * Reports a playing video to the server: every WATCH_REPORT_INTERVAL_SECONDS while it plays, on
 * pause and at the end, and on `pagehide` (and when the player goes away) with
 * `navigator.sendBeacon`, which outlives the page. Each report carries the position and the
 * ranges actually played since the last one; a report that failed is carried by the next.
 */
export function useWatchReporting({ moduleId, lessonId, enabled }: Options): PlayerEvents {
  const reporter = useReportWatch(moduleId, lessonId)
  const latest = useRef({ reporter, enabled })
  useEffect(() => {
    latest.current = { reporter, enabled }
  })
  const state = useRef({ ranges: new WatchRanges(), unsent: [] as Range[], position: 0, duration: 0, playing: false, changed: false })

  const events = useMemo(() => {
    const s = state.current
    const nextReport = (): WatchReport | null => {
      if (!latest.current.enabled || !(s.duration > 0) || !s.changed) return null
      const clamp = (value: number) => Math.min(Math.max(value, 0), s.duration)
      const ranges = [...s.unsent, ...s.ranges.take()].map(([start, end]): Range => [clamp(start), clamp(end)]).slice(-MAX_RANGES)
      s.unsent = []
      s.changed = false
      return { positionSeconds: clamp(s.position), durationSeconds: s.duration, ranges }
    }
    const send = () => {
      const report = nextReport()
      if (!report) return
      latest.current.reporter.send(report).catch(() => {
        // Kept for the next report: a dropped connection loses no watching.
        s.unsent = [...report.ranges, ...s.unsent]
        s.changed = true
      })
    }
    const beacon = () => {
      const report = nextReport()
      if (report) navigator.sendBeacon(latest.current.reporter.path, new Blob([JSON.stringify(report)], { type: 'application/json' }))
    }
    const at = (seconds: number, duration: number) => {
      if (Number.isFinite(duration) && duration > 0) s.duration = duration
      if (Number.isFinite(seconds) && seconds !== s.position) {
        s.position = seconds
        s.changed = true
      }
    }
    const stopped = (seconds: number, duration: number) => {
      at(seconds, duration)
      if (s.playing) s.ranges.playedTo(seconds, performance.now())
      s.ranges.interrupt()
      s.playing = false
      send()
    }
    const playerEvents: PlayerEvents = {
      playing: () => {
        s.playing = true
      },
      time: (seconds, duration) => {
        at(seconds, duration)
        if (s.playing) s.ranges.playedTo(seconds, performance.now())
      },
      paused: stopped,
      ended: stopped,
      seeking: () => s.ranges.interrupt(),
    }
    return { playerEvents, send, beacon }
  }, [])

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (state.current.playing) events.send()
    }, WATCH_REPORT_INTERVAL_SECONDS * 1000)
    window.addEventListener('pagehide', events.beacon)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('pagehide', events.beacon)
      // Leaving for another page of the portal: the beacon outlives this component.
      events.beacon()
    }
  }, [events])

  return events.playerEvents
}
