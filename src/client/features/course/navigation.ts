/** Router state of 'Return to Dashboard' on the Completion page: show the dashboard, do not bounce back. */
export type DashboardState = { isReturningFromCompletion?: boolean }

export const returningFromCompletion: DashboardState = { isReturningFromCompletion: true }
