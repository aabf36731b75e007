/**
 * What every paged list of the API answers beside its rows: which page, and how many in all. A
 * list that stops counting (the audit log, docs/decisions/0068-activity-counts-up-to-10000.md)
 * says `isTotalCapped`: more than `total` match, and `pageCount` is the pages known to exist.
 */
export type PageInfo = { total: number; page: number; pageSize: number; pageCount: number; isTotalCapped?: boolean }

/** The page info for `total` matching rows; an empty list still has one (empty) page. */
export const toPage = (total: number, page: number, pageSize: number): PageInfo => ({
  total,
  page,
  pageSize,
  pageCount: Math.max(1, Math.ceil(total / pageSize)),
})
