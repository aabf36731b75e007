import { useEffect, useRef, useState } from 'react'
import type { PurchaseDelivery } from '../../../../shared/api-types'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { notify } from '../../../lib/notify'
import { adminFailure } from '../messages'
import { usePurchaseIntegration } from '../onboarding-api'
import { useIsWide } from '../use-is-wide'
import { ListPagination } from './list-pagination'
import { StatusBadge, type BadgeTone } from './status-badge'
import { WebhookEndpoint } from './webhook-endpoint'
import { ListLoadFailed, ListLoading } from './list-states'

const results: Record<string, [string, BadgeTone]> = {
  created: ['Learner created', 'success'],
  existing: ['Existing account kept', 'success'],
  reenabled: ['Account re-enabled', 'success'],
  already_refunded: ['Ignored: order already refunded', 'neutral'],
  disabled: ['Account disabled', 'warning'],
  already_disabled: ['Already disabled', 'neutral'],
  no_account: ['No account with this e-mail', 'neutral'],
  admin_kept: ['Admin account kept', 'neutral'],
  duplicate: ['Repeat: nothing done again', 'neutral'],
  rejected: ['Rejected', 'danger'],
  failed: ['Failed', 'danger'],
}

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })

function Result({ delivery }: { delivery: PurchaseDelivery }) {
  const [label, tone] = results[delivery.result] ?? [delivery.result, 'neutral']
  return (
    <div className="grid justify-items-start gap-1">
      <StatusBadge tone={tone}>{label}</StatusBadge>
      {delivery.detail && <span className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{delivery.detail}</span>}
    </div>
  )
}

const received = (delivery: PurchaseDelivery) => (
  <time dateTime={delivery.receivedAt}>{timeFormat.format(new Date(delivery.receivedAt))}</time>
)
const orText = (value: string) => value || <span className="text-muted-foreground">—</span>

/** Integrations: the webhook's address and state, then its deliveries, newest first. */
export function PurchaseIntegrationSection() {
  const [page, setPage] = useState(1)
  const heading = useRef<HTMLHeadingElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const isWide = useIsWide(content, 760)
  const integration = usePurchaseIntegration(page)
  const data = integration.data

  useEffect(() => {
    if (integration.isError) notify.error(adminFailure(integration.error, 'Failed to load deliveries'))
  }, [integration.isError, integration.error])

  return (
    <>
      <WebhookEndpoint integration={data} />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle ref={heading} tabIndex={-1} className="outline-none">
            Recent Deliveries
          </CardTitle>
          <CardDescription>Every signed call, with what it did. A repeated order is recorded and changes nothing.</CardDescription>
        </CardHeader>
        <CardContent ref={content} className="grid gap-4">
          {integration.isPending ? (
            <ListLoading label="Loading deliveries" />
          ) : !data ? (
            <ListLoadFailed message="Failed to load deliveries" onRetry={() => void integration.refetch()} />
          ) : data.deliveries.length === 0 ? (
            <p className="py-10 text-center font-medium">No deliveries yet</p>
          ) : isWide ? (
            <table className="w-full text-left text-sm">
              <thead className="border-b text-xs tracking-wide text-muted-foreground uppercase">
                <tr>
                  {['Received', 'Event', 'Order', 'Email', 'Result'].map((label) => (
                    <th key={label} scope="col" className="p-2 font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.deliveries.map((delivery) => (
                  <tr key={delivery.id} className="border-b align-top last:border-0">
                    <td className="p-2 whitespace-nowrap">{received(delivery)}</td>
                    <td className="p-2 font-mono text-xs">{orText(delivery.event)}</td>
                    <td className="p-2 [overflow-wrap:anywhere]">{orText(delivery.orderId)}</td>
                    <td className="p-2 [overflow-wrap:anywhere]">{orText(delivery.email)}</td>
                    <td className="p-2">
                      <Result delivery={delivery} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <ul className="grid gap-3">
              {data.deliveries.map((delivery) => (
                <li key={delivery.id} className="grid gap-2 rounded-lg border p-3 text-sm">
                  <span className="text-muted-foreground">{received(delivery)}</span>
                  <span className="font-mono text-xs [overflow-wrap:anywhere]">
                    {delivery.event || '—'} · {delivery.orderId || '—'}
                  </span>
                  <span className="[overflow-wrap:anywhere]">{orText(delivery.email)}</span>
                  <Result delivery={delivery} />
                </li>
              ))}
            </ul>
          )}
          {data && data.pageCount > 1 && (
            <ListPagination
              label="Delivery pages"
              noun="deliveries"
              {...data}
              shownCount={data.deliveries.length}
              onPage={(next) => {
                setPage(next)
                heading.current?.focus()
              }}
            />
          )}
        </CardContent>
      </Card>
    </>
  )
}
