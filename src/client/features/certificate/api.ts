import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { CertificateResponse, CertificateVerification } from '../../../shared/course/api-types'
import { api, ApiError, errorMessage } from '../../lib/api-client'
import { formatCertificateDate } from '../../../shared/course/dates'
import { notify } from '../../lib/notify'
import { queryKeys } from '../../lib/query-keys'

export const CERTIFICATE_PDF_URL = '/api/certificate.pdf'

/** The learner's certificate, or null until they have earned one. */
export function useCertificateQuery({ isEnabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.certificate,
    enabled: isEnabled,
    queryFn: async ({ signal }) => {
      try {
        return await api<CertificateResponse>('/api/certificate', { signal })
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
  })
}

/** Renews the learner's certificate (docs/decisions/0094-certificate-renewal.md): the answer is the new one. */
export function useRenewCertificate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api<CertificateResponse>('/api/certificate/renew', { method: 'POST' }),
    onSuccess: (renewed) => {
      queryClient.setQueryData(queryKeys.certificate, renewed)
      const { expiresAt } = renewed.renewal
      notify.success(`Your new certificate ${expiresAt ? `is valid until ${formatCertificateDate(expiresAt)}` : 'does not expire'}.`, 'Certificate renewed')
    },
    onError: (error) => notify.error(errorMessage(error, 'Your certificate could not be renewed. Please try again.')),
  })
}

export type VerificationResult =
  | { status: 'valid'; certificate: CertificateVerification }
  | { status: 'not-found' }

/** The public check; the verify page has no query client, so this is a plain request. */
export async function fetchVerification(id: string, signal: AbortSignal): Promise<VerificationResult> {
  try {
    const certificate = await api<CertificateVerification>(`/api/certificates/${encodeURIComponent(id)}`, { signal })
    return { status: 'valid', certificate }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { status: 'not-found' }
    throw error
  }
}
