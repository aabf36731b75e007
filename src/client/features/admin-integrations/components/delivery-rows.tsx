import type { PurchaseDelivery } from '../../../../shared/api-types'
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge'
import { TableHead } from '../../../components/ui/table-head'

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

/** The deliveries where there is room for their five columns. */
export function DeliveriesTable({ deliveries }: { deliveries: PurchaseDelivery[] }) {
  return (
    <table className="w-full text-left text-sm">
      <TableHead headings={['Received', 'Event', 'Order', 'Email', 'Result']} />
      <tbody>
        {deliveries.map((delivery) => (
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
  )
}

/** One card per delivery where the table would not fit. */
export function DeliveryCards({ deliveries }: { deliveries: PurchaseDelivery[] }) {
  return (
    <ul className="grid gap-3">
      {deliveries.map((delivery) => (
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
  )
}
