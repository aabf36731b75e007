import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { LEARNER_STATUSES } from '../../../shared/schemas/reports'
import type { ReportParams } from './onboarding-api'

const readStatus = (value: string | null): ReportParams['status'] =>
  LEARNER_STATUSES.find((status) => status === value) ?? 'all'

const readPage = (value: string | null) => {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}

/** The report's filter and page live in the URL, like the user list's. */
export function useReportParams() {
  const [params, setParams] = useSearchParams()
  const query: ReportParams = { status: readStatus(params.get('status')), page: readPage(params.get('page')) }
  const update = useCallback(
    (next: Partial<ReportParams>) =>
      setParams((current) => {
        const merged = new URLSearchParams(current)
        if (next.status !== undefined) {
          if (next.status === 'all') merged.delete('status')
          else merged.set('status', next.status)
          // A new filter starts on its first page.
          merged.delete('page')
        }
        if (next.page !== undefined) {
          if (next.page > 1) merged.set('page', String(next.page))
          else merged.delete('page')
        }
        return merged
      }),
    [setParams],
  )
  return { query, update }
}
