import { useCallback } from 'react'
import { useSearchParams } from 'react-router'

/** How a list reads one filter from the URL, and the value that means "no filter" (left out of it). */
export type FilterParam<T extends string> = { read: (value: string | null) => T; none: T }

type Filters = Record<string, string>
type ListParams<F extends Filters> = F & { page: number }

const noFilters = {}

const readPage = (value: string | null) => {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}

/**
 * A paged list's filters and page, kept in the URL, so a reload or a shared link shows the same
 * page. A new filter value starts on the first page. `filters` (none: pages only) must be the
 * same object on every render (a module constant). With `replaceOnFilter`, a filter change
 * replaces the history entry rather than adding one (a search typed a few letters at a time).
 */
export function useListParams<F extends Filters = Record<never, string>>(
  filters: { readonly [K in keyof F]: FilterParam<F[K]> } = noFilters as never,
  { replaceOnFilter = false }: { replaceOnFilter?: boolean } = {},
) {
  const [params, setParams] = useSearchParams()
  const names = Object.keys(filters) as (keyof F & string)[]
  const query = { page: readPage(params.get('page')) } as ListParams<F>
  for (const name of names) query[name] = filters[name].read(params.get(name)) as ListParams<F>[typeof name]

  const update = useCallback(
    (next: Partial<ListParams<F>>) => {
      const filterNames = (Object.keys(filters) as (keyof F & string)[]).filter((name) => next[name] !== undefined)
      setParams(
        (current) => {
          const merged = new URLSearchParams(current)
          for (const name of filterNames) {
            const value = next[name] as string
            if (value === filters[name].none) merged.delete(name)
            else merged.set(name, value)
            merged.delete('page')
          }
          if (next.page !== undefined) {
            if (next.page > 1) merged.set('page', String(next.page))
            else merged.delete('page')
          }
          return merged
        },
        { replace: replaceOnFilter && filterNames.length > 0 },
      )
    },
    [filters, replaceOnFilter, setParams],
  )
  return { query, update }
}
