import { PurchaseIntegrationSection } from '../features/admin-integrations/components/purchase-integration-section'
import { pageTitle } from '../lib/site-config'

export default function AdminIntegrationsPage() {
  return (
    <>
      <title>{pageTitle('Integrations - Admin Panel')}</title>
      <PurchaseIntegrationSection />
    </>
  )
}
