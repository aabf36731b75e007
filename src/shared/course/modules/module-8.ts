import type { ModuleContent } from '../types'

export const module8: ModuleContent = {
  moduleNumber: 8,
  navLabel: 'Monthly Newsletter',
  introduction:
    'A monthly newsletter keeps you top of mind with every past client, partner and lead in your database. This final module shows you how to write it once as an email template with merge fields and send it safely, even to a large database.',
  lessons: [
    {
      title: 'Sending Your Monthly Newsletter',
      summary:
        'Build a reusable email template with merge fields, choose who receives it, and send it in batches so it reaches inboxes rather than spam folders.',
      durationText: '10 min',
      keyPoints: [
        'Why a monthly newsletter brings repeat and referral business',
        'Writing email templates with merge fields such as first name',
        'Choosing the contacts who receive it',
        'Sending in batches over several days when your database has 2,000 or more contacts',
      ],
    },
  ],
  guide: [
    {
      title: 'Plan the month’s content',
      detail:
        'Pick one useful topic (a rate update, a first-time buyer tip, a renewal reminder) and one clear call to action, such as booking a review call.',
    },
    {
      title: 'Create an email template',
      detail:
        'Open Email Templates and click New Template. Name it with the month, for example “Newsletter – March”, and write a subject line that makes the value clear.',
    },
    {
      title: 'Personalise with merge fields',
      detail:
        'Insert merge fields instead of typing names: {{first_name}} in the greeting and your own details in the sign-off. The CRM fills them in for each contact when the newsletter sends.',
    },
    {
      title: 'Preview and send a test',
      detail:
        'Preview the template against a real contact to check every merge field fills in, then send a test to yourself and read it on your phone.',
    },
    {
      title: 'Choose your recipients',
      detail:
        'Select the contacts who should receive it: past clients, active leads and business partners. Leave out anyone who has unsubscribed.',
    },
    {
      title: 'Send in batches for a large database',
      detail:
        'If your database has 2,000 or more contacts, send in batches over several days rather than all at once. Large single sends are the fastest way to land in spam folders.',
    },
  ],
  importantReminders: [
    'Check every merge field in the preview: a greeting that reads “Hi {{first_name}}” undoes the personal touch.',
    'With 2,000 or more contacts, always send in batches over several days.',
    'Only send to contacts who have agreed to hear from you, and honour every unsubscribe at once.',
  ],
  proTips: [
    'Send on the same day each month so clients come to expect you.',
    'Keep it short: one topic, one call to action and a photo of you beats a long digest.',
    'Watch which newsletters bring replies and booked calls, and write more like those.',
  ],
  actionStep: {
    title: 'Send your first monthly newsletter',
    description:
      'Write this month’s newsletter as an email template with at least two merge fields, send a test to yourself, then send it to your contacts, in batches over several days if your database has 2,000 or more contacts.',
  },
  keyTakeaways: [
    'A monthly newsletter keeps you top of mind with every past client and partner.',
    'Email templates with merge fields make one message personal for everyone.',
    'Preview and test before every send.',
    'With 2,000 or more contacts, send in batches over several days.',
  ],
}
