/** What every paged list of the API answers beside its rows: which page, and how many in all. */
export type PageInfo = { total: number; page: number; pageSize: number; pageCount: number }

/** The page info for `total` matching rows; an empty list still has one (empty) page. */
export const toPage = (total: number, page: number, pageSize: number): PageInfo => ({
  total,
  page,
  pageSize,
  pageCount: Math.max(1, Math.ceil(total / pageSize)),
})
