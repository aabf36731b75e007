import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EndedSessions, Profile, RecoveryCodes, SessionList, TwoFactorSetup } from '../../../shared/api-types'
import type { ConfirmTwoFactorInput, TwoFactorPasswordInput } from '../../../shared/schemas/two-factor'
import { ApiError, api } from '../../lib/api-client'
import { recheckSession } from '../../lib/auth'
import { queryKeys } from '../../lib/query-keys'

const TWO_FACTOR = '/api/auth/two-factor'

/** The learner's own data as a JSON download (a plain link: the browser saves the answer). */
export const PERSONAL_DATA_URL = '/api/profile/export'

const post = <T>(path: string, body: unknown) => api<T>(`${TWO_FACTOR}/${path}`, { method: 'POST', body })

/**
 * A two-factor change of the signed-in user's own. A lost session (401, 403) rechecks the profile so
 * the guards can act; a wrong code (also 401) is the form's to show, not a lost session.
 */
function useTwoFactorMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, onSuccess?: (output: Output) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess,
    onError: (error) => {
      if (!(error instanceof ApiError && error.code === 'INVALID_CODE')) recheckSession(queryClient, error)
    },
  })
}

/** Step 1 of setting it up: the password, for the authenticator app's key. */
export const useStartTwoFactorSetup = () =>
  useTwoFactorMutation((input: TwoFactorPasswordInput) => post<TwoFactorSetup>('enable', input))

/** Step 2: a first code from the app turns it on, and gives the recovery codes. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient()
  return useTwoFactorMutation(
    (input: ConfirmTwoFactorInput) => post<RecoveryCodes>('confirm', input),
    // The profile now says it is on (and an admin is no longer held on the setup screen).
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
  )
}

export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient()
  return useTwoFactorMutation(
    (input: TwoFactorPasswordInput) => post<Profile>('disable', input),
    (profile) => queryClient.setQueryData(queryKeys.profile, profile),
  )
}

export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((input: TwoFactorPasswordInput) => post<RecoveryCodes>('recovery-codes', input))

const SESSIONS = '/api/profile/sessions'

/** Where the signed-in user is signed in: this browser first. */
export function useSessions() {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: async () => {
      try {
        return await api<SessionList>(SESSIONS)
      } catch (error) {
        recheckSession(queryClient, error)
        throw error
      }
    },
    // Read fresh on each visit: a sign-in elsewhere adds a row.
    staleTime: 0,
  })
}

/** Ends one other session, or (no id) every session but this one; the list is read again after. */
export function useEndSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (sessionId?: string) =>
      sessionId === undefined
        ? api<EndedSessions>(SESSIONS, { method: 'DELETE' })
        : api<undefined>(`${SESSIONS}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onError: (error) => recheckSession(queryClient, error),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  })
}
