import type { ModuleContent } from '../types'

export const module7: ModuleContent = {
  moduleNumber: 7,
  navLabel: 'Custom Automations',
  introduction:
    'A custom view becomes powerful when it moves by itself. In two short lessons you will build a custom automations view and connect automations that move clients between its columns and send the right message at each step.',
  lessons: [
    {
      title: 'Lesson 1: Setting Up a Custom Automations View',
      summary:
        'Create the custom view your automations will run on, check that you have permission to edit it, and plan the trigger for each column.',
      durationText: '9 min',
      keyPoints: [
        'You need permission to edit the custom view before you can add automations to it',
        'Creating a custom automations view in Kanban format',
        'Planning one trigger and one action for each column',
        'Naming columns so the automation’s job is obvious',
      ],
    },
    {
      title: 'Lesson 2: Connecting Automations to Your View',
      summary:
        'Add the automations themselves: the trigger that moves a card, the email or task each move creates, and how to test them safely on a test client.',
      durationText: '9 min',
      keyPoints: [
        'Triggers: a stage change, a date, or a task being completed',
        'Actions: move the card, send an email template, create a task',
        'Testing every automation on a test client before real clients',
        'Switching an automation off without deleting it',
      ],
    },
  ],
  guide: [
    {
      title: 'Check your permissions',
      detail:
        'You need permission to edit the custom view. If the Edit and Automations buttons are greyed out, ask the account owner or administrator to give you edit rights to that view in team settings.',
    },
    {
      title: 'Create the custom automations view',
      detail:
        'Click New Custom View, choose the Kanban format and name it after the journey it automates, for example “Post-Funding Client Care”.',
    },
    {
      title: 'Add columns for each step of the journey',
      detail:
        'Add a column for each step a client passes through: Funded, Thank-You Sent, Review Requested, 6-Month Check-In. Each column will have its own automation.',
    },
    {
      title: 'Choose a trigger for each column',
      detail:
        'Open the column’s Automations panel and pick what moves a client into it: a stage change on another board, a number of days after a date, or a task being completed.',
    },
    {
      title: 'Choose the action',
      detail:
        'Pick what happens when a card arrives: send an email template, create a task for you or your assistant, or both. Keep it to one clear action per column.',
    },
    {
      title: 'Test with a test client',
      detail:
        'Move one of your test clients into the first column and watch it travel through the view. Check the emails it sends and the tasks it creates before you switch the automation on for real clients.',
    },
    {
      title: 'Switch on and review',
      detail:
        'Turn the automations on. Look at the view weekly for the first month, and pause any automation that does something you did not expect rather than deleting it.',
    },
  ],
  importantReminders: [
    'You need permission to edit the custom view; without it you can see the board but not add or change automations.',
    'Always test an automation on a test client first: an automated email sent to your whole database cannot be unsent.',
    'One trigger and one action per column keeps automations easy to understand and fix.',
  ],
  proTips: [
    'Write down the journey on paper first, column by column, before you open the automations panel.',
    'Reuse the email templates from your newsletter and follow-ups so every message sounds like you.',
    'Name automations after what they do (“Send thank-you 2 days after funding”) so your team can read the view at a glance.',
  ],
  actionStep: {
    title: 'Automate your post-funding thank-you',
    description:
      'Make sure you have permission to edit the custom view, then build a custom automations view with at least three columns. Add an automation that sends a thank-you email two days after funding, and test it end to end with a test client.',
  },
  keyTakeaways: [
    'Custom automations views move clients and send messages without you touching the card.',
    'You need permission to edit the custom view before you can automate it.',
    'Every column gets one trigger and one action.',
    'Test on a test client, then switch on and review weekly.',
  ],
}
