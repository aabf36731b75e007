/** How long a chart's answer is served again before it is computed anew. */
export const INSIGHTS_FRESH_MS = 60_000
/** Past this many filters at once, the oldest answer is forgotten first. */
const MAX_ANSWERS = 200

type Entry = { expires: number; answer: Promise<unknown> }

/**
 * The charts' answers of the last minute, per chart and filter (docs/decisions/0087-owner-insights.md):
 * an aggregate over every learner costs tens of milliseconds of the database's CPU, and an owner
 * (or several admins) reloading the page, or every chart asking at once, would queue them. Requests
 * that arrive while one is being computed wait for that one instead of starting their own.
 */
export function createRecentAnswers(now: () => number = Date.now) {
  const entries = new Map<string, Entry>()
  return function recent<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const found = entries.get(key)
    if (found && found.expires > now()) return found.answer as Promise<T>
    if (found) entries.delete(key)
    const answer = compute()
    entries.set(key, { expires: now() + INSIGHTS_FRESH_MS, answer })
    // A failure is not kept: the next request asks the database again.
    answer.catch(() => entries.get(key)?.answer === answer && entries.delete(key))
    if (entries.size > MAX_ANSWERS) entries.delete(entries.keys().next().value!)
    return answer
  }
}
