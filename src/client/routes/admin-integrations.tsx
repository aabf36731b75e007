import { PurchaseIntegrationSection } from '../features/admin/components/purchase-deliveries'
import { pageTitle } from '../lib/site-config'

export default function AdminIntegrationsPage() {
  return (
    <>
      <title>{pageTitle('Integrations - Admin Panel')}</title>
      <PurchaseIntegrationSection />
    </>
  )
}
