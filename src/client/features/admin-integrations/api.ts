import type { PurchaseIntegration } from '../../../shared/api-types'
import { queryKeys } from '../../lib/query-keys'
import { useAdminQuery } from '../../lib/use-admin-query'

/** The purchase webhook's address and state, and one page of its deliveries, newest first. */
export const usePurchaseIntegration = (page: number) =>
  useAdminQuery<PurchaseIntegration>(
    [...queryKeys.purchaseDeliveries, page],
    `/api/admin/integrations/purchases${page > 1 ? `?page=${page}` : ''}`,
  )
