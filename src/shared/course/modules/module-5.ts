import type { ModuleContent } from '../types'

export const module5: ModuleContent = {
  moduleNumber: 5,
  navLabel: 'Live Deal Dashboard',
  introduction:
    'Once an application starts, the client lives on your live deal dashboard. This module walks the stages from the first application to a funded mortgage, shows which moves happen automatically, and explains how to handle a deal that is lost so it still brings you business later.',
  lessons: [
    {
      title: 'From Application to Funded: Managing Live Deals',
      summary:
        'Follow a deal through every live deal stage, learn the loss stages and the follow-up emails each one sends, and set up the renewal and payment checks that keep clients for life.',
      durationText: '12 min',
      keyPoints: [
        'The live deal stages in order, from Borrower Editing App to Funded',
        'Out to Lender is set automatically after you submit the deal',
        'The loss stages: Mortgage Lost/Cancelled, Decline to Action, Do Not Qualify, On Hold, Ready for Compliance',
        'DNQ follow-up emails at 3, 6 and 12 months',
        'A renewal email 120 days before renewal and a payment check 10 days after compliance',
      ],
    },
  ],
  guide: [
    {
      title: 'Open the live deal dashboard',
      detail:
        'Click the mortgage board in the left-hand menu. Every client whose application has started appears here as a card in the stage it has reached.',
    },
    {
      title: 'Follow the application stages',
      detail:
        'A deal begins in Borrower Editing App while the client fills in the online application, or in New App Created Internally when you enter it for them. It moves to App Received when the application is complete, then to Waiting on Documents while you collect paperwork, and to Docs Received once everything is in.',
    },
    {
      title: 'Submit the deal',
      detail:
        'Move the deal to Need to Submit Live Deal (refinance or switch) when it is ready for the lender. After you submit it, the CRM sets Out to Lender automatically; you never drag a card into that stage.',
    },
    {
      title: 'Track the lender’s answer through to funding',
      detail:
        'When the lender approves, move the deal to Commitment. Send the Approval Package to the client to sign, move it to Instructed once the lawyer or notary has instructions, and finally to Funded on the day the money moves.',
    },
    {
      title: 'Handle a lost deal with the right loss stage',
      detail:
        'Not every deal funds. Choose the loss stage that tells the truth: Mortgage Lost/Cancelled when the client went elsewhere or walked away, Decline to Action when you chose not to proceed, Do Not Qualify when the client cannot qualify today, On Hold when the client has paused, and Ready for Compliance when the file is closed and waiting for its compliance review.',
    },
    {
      title: 'Let DNQ follow-up work for you',
      detail:
        'A client marked Do Not Qualify (DNQ) is tomorrow’s deal. The CRM sends DNQ follow-up emails at 3, 6 and 12 months, inviting them to check in as their credit, income or savings improve.',
    },
    {
      title: 'Set the renewal and payment checks',
      detail:
        'For every funded client the CRM sends a renewal email 120 days before renewal, early enough to win the renewal before the lender’s offer arrives. It also creates a payment check 10 days after compliance, so you confirm your commission has been paid.',
    },
  ],
  importantReminders: [
    'Out to Lender is automatic after submission: if a deal never reaches it, the submission did not go through.',
    'Use the loss stage that matches what really happened; the follow-up emails each one sends depend on it.',
    'Keep the client’s renewal date accurate on funded deals, or the renewal email 120 days before renewal goes out at the wrong time.',
    'Do not skip the payment check 10 days after compliance: unpaid commissions are easiest to chase early.',
  ],
  proTips: [
    'Review Waiting on Documents every morning; it is the stage where deals most often stall.',
    'Call a Do Not Qualify client yourself the week after their 3-month DNQ follow-up email; many are ready sooner than they think.',
    'Filter the board by lender to see how much business each one has with you before you negotiate.',
  ],
  actionStep: {
    title: 'Walk a test deal from application to funded',
    description:
      'Take your purchase test client from Module 3 through every live deal stage, from Borrower Editing App to Funded. Then move your refinance test client to Do Not Qualify and find the DNQ follow-up emails scheduled at 3, 6 and 12 months.',
  },
  keyTakeaways: [
    'Live deal stages run from Borrower Editing App to Funded, with Out to Lender set automatically after submission.',
    'Loss stages (Mortgage Lost/Cancelled, Decline to Action, Do Not Qualify, On Hold, Ready for Compliance) keep lost deals working for you.',
    'DNQ follow-up emails go out at 3, 6 and 12 months.',
    'A renewal email 120 days before renewal and a payment check 10 days after compliance close the loop on every funded deal.',
  ],
}
