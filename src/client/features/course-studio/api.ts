import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CourseVersionPage,
  DraftCourse,
  DraftModule,
  PublishedVersion,
  QuestionStats,
} from '../../../shared/course/admin-api-types'
import type { CertificatePolicy, LearnerModule } from '../../../shared/course/api-types'
import type { ModuleContent } from '../../../shared/course/schema'
import type { CourseSchedule, ScheduleSettings } from '../../../shared/course/schedule'
import { api } from '../../lib/api-client'
import { recheckSession } from '../../lib/auth'
import { queryKeys } from '../../lib/query-keys'
import { useAdminQuery } from '../../lib/use-admin-query'

// The course studio's calls to /api/admin/course (docs/decisions/0035-course-content-in-the-database.md).

const COURSE = '/api/admin/course'
const modulePath = (moduleId: string) => `${COURSE}/modules/${encodeURIComponent(moduleId)}`

export const draftCourseKey = [...queryKeys.adminCourse, 'draft'] as const

/** The draft's modules in order (the removed ones last), each with its status against the live version. */
export const useDraftCourse = () => useAdminQuery<DraftCourse>(draftCourseKey, COURSE)

/** Per question of the published course's knowledge checks: answered by, right the first time. */
export const useQuestionStats = () => useAdminQuery<QuestionStats>(queryKeys.adminQuestionStats, `${COURSE}/questions`)

/** The version history, newest first, a page at a time. */
export const useCourseVersions = (page: number) =>
  useAdminQuery<CourseVersionPage>([...queryKeys.adminCourseVersions, page], `${COURSE}/versions${page > 1 ? `?page=${page}` : ''}`)

/**
 * One draft module, read fresh each time an editor opens it. The editor takes it once: a refetch
 * in the background must never replace what the admin is typing, so it is read again only when
 * the admin asks (Reload their version).
 */
export function useDraftModule(moduleId: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: [...queryKeys.adminCourseModule, moduleId],
    queryFn: async ({ signal }) => {
      try {
        return await api<DraftModule>(modulePath(moduleId), { signal })
      } catch (error) {
        recheckSession(queryClient, error)
        throw error
      }
    },
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
}

export const fetchDraftModule = (moduleId: string) => api<DraftModule>(modulePath(moduleId))

/** `PUT …/modules/:moduleId`: refused with 409 (and `ApiError.change`) when someone saved since `baseRevision`. */
export const saveDraftModule = (moduleId: string, baseRevision: number, module: ModuleContent) =>
  api<DraftModule>(modulePath(moduleId), { method: 'PUT', body: { baseRevision, module } })

/** A change of the module list: its answer is the new draft, put straight into the cache. */
function useDraftMutation<Input>(mutationFn: (input: Input) => Promise<DraftCourse>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSuccess: (draft) => queryClient.setQueryData(draftCourseKey, draft),
    onError: (error) => recheckSession(queryClient, error),
  })
}

export function useAddModule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (title: string) => api<DraftModule>(`${COURSE}/modules`, { method: 'POST', body: { title } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: draftCourseKey }),
    onError: (error) => recheckSession(queryClient, error),
  })
}

export const useRemoveModule = () =>
  useDraftMutation((moduleId: string) => api<DraftCourse>(modulePath(moduleId), { method: 'DELETE' }))

export const useRestoreModule = () =>
  useDraftMutation((moduleId: string) => api<DraftCourse>(`${modulePath(moduleId)}/restore`, { method: 'POST' }))

const reorderKey = [...queryKeys.adminCourse, 'order'] as const

/**
 * Saves a new order of the modules. The list shows it at once; while several moves are on their
 * way, only the answer to the last one is put in the cache, so the list never jumps back.
 */
export function useReorderModules() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: reorderKey,
    mutationFn: (moduleIds: string[]) => api<DraftCourse>(`${COURSE}/order`, { method: 'PUT', body: { moduleIds } }),
    onSuccess: (draft) => {
      if (queryClient.isMutating({ mutationKey: reorderKey }) <= 1) queryClient.setQueryData(draftCourseKey, draft)
    },
    onError: (error) => {
      recheckSession(queryClient, error)
      void queryClient.invalidateQueries({ queryKey: draftCourseKey })
    },
  })
}

export function usePublish() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (note: string) => api<PublishedVersion>(`${COURSE}/publish`, { method: 'POST', body: { note } }),
    onSuccess: () => {
      // The admin's own course pages (they are a learner too) show the new version next.
      void queryClient.invalidateQueries({ queryKey: queryKeys.course })
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress })
      return queryClient.invalidateQueries({ queryKey: queryKeys.adminCourse })
    },
    onError: (error) => recheckSession(queryClient, error),
  })
}

export function useRestoreVersion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (version: number) => api<DraftCourse>(`${COURSE}/versions/${version}/restore`, { method: 'POST' }),
    onSuccess: (draft) => queryClient.setQueryData(draftCourseKey, draft),
    onError: (error) => recheckSession(queryClient, error),
  })
}

/** The module as a learner would get it once published, rendered by the server from `module` (the editor's text). */
export function usePreviewModule(moduleId: string, module: ModuleContent | undefined) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: [...queryKeys.adminCourseModule, moduleId, 'preview', module],
    queryFn: async ({ signal }) => {
      try {
        return await api<LearnerModule>(`${COURSE}/preview`, { method: 'POST', body: { moduleId, module }, signal })
      } catch (error) {
        recheckSession(queryClient, error)
        throw error
      }
    },
    enabled: module !== undefined,
    gcTime: 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  })
}

const SCHEDULE = '/api/admin/schedule'

/** The course's schedule and the published modules it sets days for (docs/decisions/0090-course-schedule.md). */
export const useScheduleSettings = () => useAdminQuery<ScheduleSettings>(queryKeys.adminSchedule, SCHEDULE)

export function useSaveSchedule() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (schedule: CourseSchedule) => api<ScheduleSettings>(SCHEDULE, { method: 'PUT', body: schedule }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.adminSchedule, saved),
    onError: (error) => recheckSession(queryClient, error),
  })
}

const CERTIFICATE_POLICY = '/api/admin/certificate-policy'

export const useCertificatePolicy = () => useAdminQuery<CertificatePolicy>(queryKeys.adminCertificatePolicy, CERTIFICATE_POLICY)

export function useSaveCertificatePolicy() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (policy: CertificatePolicy) => api<CertificatePolicy>(CERTIFICATE_POLICY, { method: 'PUT', body: policy }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.adminCertificatePolicy, saved),
    onError: (error) => recheckSession(queryClient, error),
  })
}
