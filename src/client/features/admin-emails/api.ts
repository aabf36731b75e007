import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EmailKind, EmailPreview, EmailSettings } from '../../../shared/schemas/emails'
import { api } from '../../lib/api-client'
import { recheckSession } from '../../lib/auth'
import { queryKeys } from '../../lib/query-keys'
import { useAdminQuery } from '../../lib/use-admin-query'

const EMAILS = '/api/admin/emails'

export const useEmailSettings = () => useAdminQuery<EmailSettings>(queryKeys.adminEmailSettings, `${EMAILS}/settings`)

export const useEmailPreview = (kind: EmailKind) =>
  useAdminQuery<EmailPreview>([...queryKeys.adminEmailPreview, kind], `${EMAILS}/preview?kind=${kind}`)

export function useSaveEmailSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (settings: EmailSettings) => api<EmailSettings>(`${EMAILS}/settings`, { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.adminEmailSettings, saved),
    onError: (error) => recheckSession(queryClient, error),
  })
}

export function useSendTestEmail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (kind: EmailKind) => api<{ sent: true }>(`${EMAILS}/test`, { method: 'POST', body: { kind } }),
    onError: (error) => recheckSession(queryClient, error),
  })
}
