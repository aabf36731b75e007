import type { ModuleContent } from '../types'

export const module3: ModuleContent = {
  moduleNumber: 3,
  navLabel: 'Lead Management',
  introduction:
    'Every deal starts as a lead. This module shows you how to create contacts and leads with the details that matter, and how to move each lead across the lead board until an application starts and the CRM hands the client to your mortgage board.',
  lessons: [
    {
      title: 'Creating Contacts and Moving Leads Through the Board',
      summary:
        'Create a contact with the right lead source and business partner type, set an active lead status, and follow the lead board from new lead to Call Completed and on to the mortgage board.',
      durationText: '15 min',
      keyPoints: [
        'Required contact details: a valid email and a properly formatted phone number',
        'Lead source and business partner type (the default is \'Bank\') and why they matter for reporting',
        'Keeping an active lead status so the lead shows on your board',
        'The lead board: new lead → Contacted → Discovery Call Booked → Call Completed',
        'The automatic move to the mortgage board when an application starts',
      ],
    },
  ],
  guide: [
    {
      title: 'Create a new contact',
      detail:
        'Open Contacts and click New Contact. Enter the client’s first and last name, a valid email and a properly formatted phone number (area code included, for example (416) 555-0142). The CRM does not stop you saving bad details, so check them: a wrong email means every automated message bounces.',
    },
    {
      title: 'Set the lead source',
      detail:
        'Choose where the client came from: a referral, your website, social media, a realtor or a past client. Lead source is what later tells you which marketing actually brings you business.',
    },
    {
      title: 'Set the business partner type',
      detail:
        'Business partner type records who referred the client. It defaults to \'Bank\'; change it to Realtor, Financial Planner or Past Client when that is where the referral came from, so each partner gets credit in your reports.',
    },
    {
      title: 'Give the lead an active lead status',
      detail:
        'Set the lead status to active. Only leads with an active lead status appear on the lead board and in your follow-up tasks; an inactive lead is stored but out of sight.',
    },
    {
      title: 'Work the lead board',
      detail:
        'Every new lead lands in the new lead column. Drag the card to Contacted after your first conversation, to Discovery Call Booked when a call is in the calendar, and to Call Completed once you have discussed the client’s goals.',
    },
    {
      title: 'Start the application',
      detail:
        'When the client starts a mortgage application, the CRM moves them automatically from the lead board to the mortgage board. You do not drag them: the application starting is the trigger.',
    },
    {
      title: 'Create three test clients',
      detail:
        'Create three test clients, one for each deal type: a purchase, a refinance and a switch. Move each one across the lead board so you see every status before real clients depend on it.',
    },
  ],
  importantReminders: [
    'Always enter a valid email and a properly formatted phone number: automations and newsletters can only reach clients whose details are right.',
    'Check the business partner type on every new contact; leaving the default \'Bank\' when a realtor referred the client hides that partner’s value.',
    'A lead without an active lead status disappears from the lead board, so it also disappears from your follow-up.',
    'Do not drag clients to the mortgage board yourself: the move happens automatically when an application starts.',
  ],
  proTips: [
    'Add a one-line note to each new lead about what they want (first home, lower payment, renewal). It makes the discovery call twice as focused.',
    'Move cards on the lead board the moment something happens, while you still have the client on the phone.',
    'Review the new lead column every morning; a lead contacted within the hour is far more likely to book a discovery call.',
  ],
  actionStep: {
    title: 'Create three test clients',
    description:
      'Create three test clients (a purchase, a refinance and a switch) with a valid email, a properly formatted phone number, a lead source, a business partner type and an active lead status. Move each from new lead to Call Completed, then start an application for one and watch it move to the mortgage board.',
  },
  keyTakeaways: [
    'Good data in means good automation out: a valid email and a properly formatted phone number on every contact.',
    'Lead source and business partner type (default \'Bank\') tell you where your business comes from.',
    'The lead board runs new lead → Contacted → Discovery Call Booked → Call Completed.',
    'Starting an application moves the client to the mortgage board automatically.',
  ],
}
