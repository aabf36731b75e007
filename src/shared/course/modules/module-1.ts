import type { ModuleContent } from '../types'

export const module1: ModuleContent = {
  moduleNumber: 1,
  navLabel: 'Welcome & Orientation',
  introduction:
    'Before you add a single client, connect the CRM to the way you already communicate. This module sets up your email and communication settings so every message you send from the CRM reaches your clients from your own address, and gives you a first look around.',
  lessons: [
    {
      title: 'Welcome to Your Client Journey System',
      summary:
        'Meet the CRM you will run your mortgage business from, see how the course is organised, and complete the email and communication settings setup that everything else depends on.',
      durationText: '5 min',
      keyPoints: [
        'How the eight modules build on each other, from first contact to funded deal',
        'Connecting your email account so client emails send from your own address',
        'Choosing your communication settings: signature, sender name and reply-to address',
        'Why you should spend about 10 minutes exploring the layout before you go further',
      ],
    },
  ],
  guide: [
    {
      title: 'Sign in and open Settings',
      detail:
        'Sign in to the CRM with the login details from your welcome email, then click your initials at the top right and choose Settings. Everything in this module lives under the Email and Communication section.',
    },
    {
      title: 'Connect your email account',
      detail:
        'Under Email Settings, connect the mailbox you use with clients (Google Workspace, Microsoft 365 or your provider’s IMAP details). Send yourself a test message to confirm it arrives from your address, not a generic system address.',
    },
    {
      title: 'Set your sender name and reply-to address',
      detail:
        'Use the name clients know you by, for example “Jordan Lee, Mortgage Broker”. Set the reply-to address to the same mailbox so answers land in your inbox and are logged against the client’s record.',
    },
    {
      title: 'Create your email signature',
      detail:
        'Add your name, brokerage, licence number, phone number and booking link. Keep it short: it appears on every email, task reminder and newsletter the CRM sends for you.',
    },
    {
      title: 'Choose your communication settings',
      detail:
        'Decide which notifications you want by email and which in the CRM, and set your business hours and time zone so reminders and automated emails go out when clients are awake.',
    },
    {
      title: 'Explore the layout',
      detail:
        'Spend about 10 minutes exploring the layout: the left-hand menu, the contacts list, the lead and mortgage boards, your task list and the search bar. Open each area once; nothing you look at changes any data.',
    },
  ],
  importantReminders: [
    'Send a test email after connecting your account: a mailbox that is not connected means client emails silently never leave the CRM.',
    'Your email signature must carry the licence details your regulator requires; check them before the first client email goes out.',
    'Set your time zone now. Every due date, reminder and scheduled email in later modules uses it.',
  ],
  proTips: [
    'Use the same profile photo as your website and social accounts so clients recognise you in their inbox.',
    'Add your online booking link to your signature: it turns every email into a chance to book a call.',
    'Keep the CRM open in a pinned browser tab so it becomes the first place you look each morning.',
  ],
  actionStep: {
    title: 'Connect your email and take the tour',
    description:
      'Connect your email account, set your sender name, reply-to address and signature, send yourself a test email, then spend about 10 minutes exploring the layout before starting Module 2.',
  },
  keyTakeaways: [
    'Email and communication settings come first: every later feature sends through them.',
    'Clients should always receive messages from your own name and address.',
    'A short, compliant signature travels with every email the CRM sends for you.',
    'About 10 minutes exploring the layout now saves hours of searching later.',
  ],
}
