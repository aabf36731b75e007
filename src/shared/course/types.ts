/** One video lesson of a module (a module has one, module 7 has two). */
export type Lesson = {
  title: string
  summary: string
  /** The player's id for this lesson; without one the card shows a placeholder with the duration. */
  videoId?: string
  /** How long the lesson takes, as shown on its card: '5 min'. */
  durationText: string
  keyPoints: readonly string[]
}

/** A numbered step of a module's step-by-step guide. */
export type GuideStep = {
  title: string
  detail: string
}

export type ActionStep = {
  title: string
  description: string
}

/** Everything a module page teaches, beside the catalog's title, minutes and lesson count. */
export type ModuleContent = {
  moduleNumber: number
  /** The short name used by the previous and next links: 'Live Deal Dashboard'. */
  navLabel: string
  /** One or two sentences that open the module page. */
  introduction: string
  lessons: readonly Lesson[]
  guide: readonly GuideStep[]
  importantReminders: readonly string[]
  proTips: readonly string[]
  actionStep: ActionStep
  keyTakeaways: readonly string[]
}
