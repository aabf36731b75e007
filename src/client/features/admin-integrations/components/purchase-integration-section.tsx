import { useRef } from 'react'
import { PagedList } from '../../../components/paged-list/paged-list'
import { ListEmpty } from '../../../components/paged-list/list-states'
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { useListParams } from '../../../lib/use-list-params'
import { usePurchaseIntegration } from '../api'
import { DeliveriesTable, DeliveryCards } from './delivery-rows'
import { WebhookEndpoint } from './webhook-endpoint'

// Narrower than this, each delivery is a card.
const TABLE_MIN_WIDTH = 760

/** Integrations: the webhook's address and state, then its deliveries, newest first. */
export function PurchaseIntegrationSection() {
  const heading = useRef<HTMLHeadingElement>(null)
  const { query, update } = useListParams()
  const integration = usePurchaseIntegration(query.page)

  return (
    <>
      <WebhookEndpoint integration={integration.data} />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle ref={heading} tabIndex={-1} className="outline-none">
            Recent Deliveries
          </CardTitle>
          <CardDescription>Every signed call, with what it did. A repeated order is recorded and changes nothing.</CardDescription>
        </CardHeader>
        <PagedList
          list={integration}
          rows={(data) => data.deliveries}
          text={{ loading: 'Loading deliveries', failed: 'Failed to load deliveries', pages: 'Delivery pages', noun: 'deliveries' }}
          empty={<ListEmpty title="No deliveries yet" />}
          tableMinWidth={TABLE_MIN_WIDTH}
          renderRows={(rows, layout) =>
            layout === 'table' ? <DeliveriesTable deliveries={rows} /> : <DeliveryCards deliveries={rows} />
          }
          onPage={(page) => update({ page })}
          heading={heading}
        />
      </Card>
    </>
  )
}
