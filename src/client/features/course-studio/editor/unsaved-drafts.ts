import type { ModuleForm } from './module-form'

/** Text an editor could not save when it closed, with the revision it was based on. */
export type UnsavedDraft = { form: ModuleForm; revision: number; leftAt: string }

/**
 * The text of editors closed without a question (the browser's Back button, say) while it could
 * not be saved: kept for this page's life, so opening the module again offers it back.
 */
export const unsavedDrafts = new Map<string, UnsavedDraft>()
