import { useQuery } from '@tanstack/react-query'
import type { CertificateResponse, CertificateVerification } from '../../../shared/course/api-types'
import { api, ApiError } from '../../lib/api-client'
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
