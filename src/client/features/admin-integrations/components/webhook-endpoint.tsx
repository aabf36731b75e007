import { Copy } from 'lucide-react'
import { useId } from 'react'
import type { PurchaseIntegration } from '../../../../shared/api-types'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { StatusBadge } from '../../../components/ui/status-badge'
import { copyToClipboard } from '../../../lib/clipboard'
import { notify } from '../../../lib/notify'

/** Where the marketplace sends purchases, and whether the portal can check their signature. */
export function WebhookEndpoint({ integration }: { integration: PurchaseIntegration | undefined }) {
  const urlId = useId()
  const onCopy = async () => {
    if (integration && (await copyToClipboard(integration.endpointUrl))) notify.success('Endpoint URL copied to clipboard', 'Copied')
    else notify.error('Failed to copy the endpoint URL')
  }
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Purchase Webhook</CardTitle>
        <CardDescription>
          The marketplace calls this address for each purchase and refund: a purchase creates the learner and e-mails their
          login details, a refund disables the account. Each call is signed with the shared secret.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={urlId}>Endpoint URL</Label>
          <div className="flex gap-2">
            <Input id={urlId} readOnly value={integration?.endpointUrl ?? ''} className="font-mono" onFocus={(event) => event.target.select()} />
            <Button variant="outline" size="icon" aria-label="Copy endpoint URL" title="Copy endpoint URL" disabled={!integration} onClick={onCopy}>
              <Copy aria-hidden />
            </Button>
          </div>
        </div>
        {integration && (
          <div className="grid gap-1 text-sm">
            <span className="flex items-center gap-2">
              <span className="font-medium">Signing secret:</span>
              {integration.isConfigured ? (
                <StatusBadge tone="success">Configured</StatusBadge>
              ) : (
                <StatusBadge tone="danger">Not configured</StatusBadge>
              )}
            </span>
            <p className="text-muted-foreground">
              {integration.isConfigured
                ? 'Give the marketplace the same secret as the server’s WEBHOOK_SECRET. It is never shown here.'
                : 'Set WEBHOOK_SECRET (at least 32 characters) on the server and restart it. Until then this address answers 404.'}{' '}
              The signature and a test command are described in docs/integrations.md.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
