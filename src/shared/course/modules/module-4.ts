import type { ModuleContent } from '../types'

export const module4: ModuleContent = {
  moduleNumber: 4,
  navLabel: 'Task Management',
  introduction:
    'Deals are won in the follow-up. This module shows you how to turn every promise you make to a client into a task with a due date, an importance level and a checklist, so nothing slips between the discovery call and funding.',
  lessons: [
    {
      title: 'Tasks That Keep Every Deal Moving',
      summary:
        'Create tasks against a client, set a due date and an importance level, use the activation status to keep future tasks out of the way, and break bigger jobs into checklist items.',
      durationText: '10 min',
      keyPoints: [
        'Creating a task from a client’s record so it stays linked to them',
        'Due date and importance level: what to do today and what can wait',
        'Activation status: active tasks on your list, inactive ones parked for later',
        'Checklist items for multi-step jobs such as collecting documents',
      ],
    },
  ],
  guide: [
    {
      title: 'Open the client and add a task',
      detail:
        'Open the client’s record and click Add Task. Creating tasks from the record links them to the client, so anyone who opens the file sees what is outstanding.',
    },
    {
      title: 'Name the task as an action',
      detail:
        'Write the title as the thing to do: “Call Sam about pre-approval documents”, not “Sam”. You should know what to do without opening the task.',
    },
    {
      title: 'Set the due date',
      detail:
        'Every task gets a due date. Pick the day you will really do it; overdue tasks turn red on your dashboard and in your task list.',
    },
    {
      title: 'Choose the importance level',
      detail:
        'Set the importance level to High, Medium or Low. High is for anything that holds up a deal or a client’s deadline, such as a lender condition or an expiring rate hold.',
    },
    {
      title: 'Set the activation status',
      detail:
        'Leave the activation status on Active for work you are doing now. Set it to Inactive for tasks that only matter later, like a check-in after a closing, and activate them when the time comes.',
    },
    {
      title: 'Add checklist items',
      detail:
        'For jobs with several parts, add checklist items: pay stubs, employment letter, notice of assessment, bank statements. Tick each one off as it arrives; the task shows how many are done.',
    },
    {
      title: 'Work your task list daily',
      detail:
        'Open Tasks each morning, sort by due date and importance level, and clear the High items first. Complete a task as soon as it is done so your list stays true.',
    },
  ],
  importantReminders: [
    'A task without a due date never reminds you; always set one.',
    'Reserve the High importance level for deal-critical work, or everything becomes urgent and nothing is.',
    'Inactive tasks do not appear on your daily list: check their activation status if a task seems to have vanished.',
  ],
  proTips: [
    'Create the next task before you close the current one, so every client always has a next step.',
    'Reuse the same checklist items for document collection on every deal; consistency makes missing documents obvious.',
    'Block 30 minutes at the start of each day for your task list before you open your inbox.',
  ],
  actionStep: {
    title: 'Build a document-collection task',
    description:
      'On one of your test clients, create a task called “Collect application documents” with a due date three days from now, a High importance level, an Active activation status and at least four checklist items. Tick two of them off.',
  },
  keyTakeaways: [
    'Every promise to a client becomes a task linked to their record.',
    'Due date and importance level decide what you do first.',
    'Activation status parks future tasks until they matter.',
    'Checklist items break big jobs into steps you can tick off.',
  ],
}
