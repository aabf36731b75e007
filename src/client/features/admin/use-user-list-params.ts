import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import type { UserListQuery } from './api'

const readPage = (value: string | null) => {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}

/** The list's search and page live in the URL, so a reload or a shared link shows the same page. */
export function useUserListParams() {
  const [params, setParams] = useSearchParams()
  const query: UserListQuery = { search: (params.get('search') ?? '').trim().slice(0, 255), page: readPage(params.get('page')) }

  const update = useCallback(
    (next: Partial<UserListQuery>) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current)
          if (next.search !== undefined) {
            if (next.search) merged.set('search', next.search)
            else merged.delete('search')
            // A new search starts on its first page.
            merged.delete('page')
          }
          if (next.page !== undefined) {
            if (next.page > 1) merged.set('page', String(next.page))
            else merged.delete('page')
          }
          return merged
        },
        { replace: next.search !== undefined },
      )
    },
    [setParams],
  )
  return { query, update }
}
