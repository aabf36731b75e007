import type { ModuleContent } from '../types'

export const module2: ModuleContent = {
  moduleNumber: 2,
  navLabel: 'General Overview',
  introduction:
    'Now that your email is connected, take a guided tour of the CRM dashboard and settings. You will learn where each part of your business lives, so the lead, task and deal modules that follow feel familiar from the first click.',
  lessons: [
    {
      title: 'A Tour of the CRM Dashboard and Settings',
      summary:
        'A walk through the dashboard you will see every morning and the settings that shape it: your boards, your task list, your contacts and the account options that control how the CRM behaves.',
      durationText: '12 min',
      keyPoints: [
        'Reading the dashboard: today’s tasks, new leads and live deals at a glance',
        'The left-hand menu: contacts, lead board, mortgage board, tasks and reports',
        'Global search: finding any client by name, email or phone number in seconds',
        'The settings that matter for a broker: profile, team, pipelines and notifications',
      ],
    },
  ],
  guide: [
    {
      title: 'Open your dashboard',
      detail:
        'Click Dashboard in the left-hand menu. The top row shows today’s tasks, new leads and deals waiting on you; each tile opens the list behind it.',
    },
    {
      title: 'Walk the left-hand menu',
      detail:
        'Open Contacts, the lead board, the mortgage board (your live deal dashboard), Tasks and Reports in turn. Note that the boards are Kanban views: each column is a status and each card is a client.',
    },
    {
      title: 'Try global search',
      detail:
        'Use the search bar at the top to look up a name, an email address or a phone number. Search is the fastest way back to any client while you are on the phone with them.',
    },
    {
      title: 'Review your profile settings',
      detail:
        'In Settings, check your name, photo, phone number and time zone. These appear on client-facing emails and on the tasks your team assigns to you.',
    },
    {
      title: 'Check team and user settings',
      detail:
        'If you work with an assistant or a junior broker, confirm who has access and what each person can see and edit. Permissions matter later, when you build custom views in Module 7.',
    },
    {
      title: 'Set your notification preferences',
      detail:
        'Choose which events notify you: new leads, overdue tasks and deals that change stage are the three most brokers keep switched on.',
    },
  ],
  importantReminders: [
    'The dashboard shows live data: what you change on a board or in a task appears there immediately.',
    'Settings changes apply to your whole account; if you share the CRM with a team, agree on them together.',
    'Do not rename or delete the standard pipelines yet: the lead and live deal modules rely on their default stages.',
  ],
  proTips: [
    'Bookmark the dashboard as your browser’s start page so every day begins with your priorities.',
    'Learn the search shortcut: jumping straight to a client while they are on the phone impresses every time.',
    'Switch off notifications you never act on; a quiet inbox makes the important alerts stand out.',
  ],
  actionStep: {
    title: 'Make the dashboard yours',
    description:
      'Complete your profile settings, set your notification preferences, and open every item in the left-hand menu once. Then find one existing client with global search.',
  },
  keyTakeaways: [
    'The dashboard is your daily starting point: tasks, leads and live deals in one view.',
    'Boards in the CRM are Kanban views of statuses, with a card for each client.',
    'Global search finds any client by name, email or phone number.',
    'Profile, team and notification settings shape how the CRM works for you.',
  ],
}
