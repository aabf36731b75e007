import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ReminderResult, SentEmailEntry } from '../../../shared/schemas/emails'
import { api } from '../../lib/api-client'
import { recheckSession } from '../../lib/auth'
import { queryKeys } from '../../lib/query-keys'
import { useAdminQuery } from '../../lib/use-admin-query'

// Shared by the Users list and the Insights' stalled learners: "Send a reminder now" and what a
// learner was sent (docs/decisions/0089-email-journeys.md).
const learnerPath = (userId: string) => `/api/admin/emails/learners/${encodeURIComponent(userId)}`

export const useSentEmails = (userId: string) => useAdminQuery<SentEmailEntry[]>(queryKeys.learnerEmails(userId), `${learnerPath(userId)}/sent`)

export function useSendReminder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (userId: string) => api<ReminderResult>(`${learnerPath(userId)}/reminder`, { method: 'POST' }),
    onSuccess: (_, userId) => queryClient.invalidateQueries({ queryKey: queryKeys.learnerEmails(userId) }),
    onError: (error) => recheckSession(queryClient, error),
  })
}
