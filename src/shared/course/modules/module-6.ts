import type { ModuleContent } from '../types'

export const module6: ModuleContent = {
  moduleNumber: 6,
  navLabel: 'Custom Boards',
  introduction:
    'The lead and mortgage boards cover most of your pipeline, but not all of your business. This module shows you how to build custom Kanban views for everything else: renewals, realtor partners, commercial files or anything you track in a spreadsheet today.',
  lessons: [
    {
      title: 'Building Other Custom Boards',
      summary:
        'Create a custom Kanban view, design its columns around a process you already run, and decide which contacts appear on it.',
      durationText: '8 min',
      keyPoints: [
        'When a custom board beats a spreadsheet or a sticky note',
        'Creating a custom view in Kanban format',
        'Designing columns that match the real steps of your process',
        'Filtering which contacts appear on the board',
      ],
    },
  ],
  guide: [
    {
      title: 'Pick a process to put on a board',
      detail:
        'Choose one process you track outside the CRM today, for example upcoming renewals or the realtors you are building relationships with.',
    },
    {
      title: 'Create a custom view',
      detail:
        'Open the boards menu, click New Custom View and choose the Kanban format. Give the board a name your whole team will understand, such as “Renewals 2025”.',
    },
    {
      title: 'Add your columns',
      detail:
        'Add one column for each real step of the process, left to right. For renewals: 120 Days Out, Contacted, Options Sent, Renewed. Four to six columns is usually enough.',
    },
    {
      title: 'Choose which contacts appear',
      detail:
        'Set the board’s filter so only the right contacts show, for example contacts with a renewal date in the next six months, or contacts whose business partner type is Realtor.',
    },
    {
      title: 'Move cards as work happens',
      detail:
        'Drag a card to the next column when the step is done, exactly as on the lead board. The board becomes the live picture of that part of your business.',
    },
  ],
  importantReminders: [
    'A custom board shows contacts that already exist in the CRM; it does not create new ones.',
    'Keep each custom Kanban view to one process; a board that tracks everything tells you nothing.',
    'Agree on board and column names with your team before you build, so everyone reads them the same way.',
  ],
  proTips: [
    'Start from a process you already run on paper: the columns are the steps you already follow.',
    'Put the column that needs the most attention on the left so it is the first thing you see.',
    'Review each custom board once a week; move or archive cards that have not changed in a month.',
  ],
  actionStep: {
    title: 'Build your first custom board',
    description:
      'Create a custom Kanban view for one process you track outside the CRM today, add four to six columns, filter it to the right contacts and move at least one test client across it.',
  },
  keyTakeaways: [
    'Custom Kanban views bring the rest of your business into the CRM.',
    'Columns should mirror the real steps of a process, left to right.',
    'Filters decide which contacts each custom board shows.',
  ],
}
