import type { LearnerStatus } from './schemas/reports'

/** A learner's status as the reports, their filter and the CSV export name it. */
export const learnerStatusLabels: Readonly<Record<LearnerStatus, string>> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
}
