import type { DraftModuleStatus } from '../../../../shared/course/admin-api-types'
import { StatusBadge, type BadgeTone } from '../../../components/ui/status-badge'

const statuses: Record<DraftModuleStatus, [string, BadgeTone]> = {
  published: ['Published', 'success'],
  changed: ['Changed', 'warning'],
  new: ['New', 'neutral'],
  removed: ['Removed', 'danger'],
}

/** A draft module against the live course: Published, Changed, New or Removed. */
export function ModuleStatusBadge({ status }: { status: DraftModuleStatus }) {
  const [label, tone] = statuses[status]
  return <StatusBadge tone={tone}>{label}</StatusBadge>
}
