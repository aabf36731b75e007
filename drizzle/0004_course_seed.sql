-- The course as it stood in src/shared/course/ (catalog.ts and modules/*.ts) when it moved into the
-- database: version 1, published by the seed, and the draft, one row per module, made from it.
-- Word for word: src/server/course/seed.test.ts compares both with
-- src/server/course/fixtures/course-as-of-2026-11.json, generated from the same files.
-- The document is dollar-quoted, so its quotes, apostrophes and arrows need no escaping.
INSERT INTO "course_version" ("version", "document", "module_ids", "note", "published_by_name")
VALUES (1, $course${
  "modules": [
    {
      "id": "m1",
      "title": "Welcome & Orientation",
      "navLabel": "Welcome & Orientation",
      "description": "Set up your e-mail and communication settings and find your way around the CRM.",
      "minutes": 5,
      "introduction": "Before you add a single client, connect the CRM to the way you already communicate. This module sets up your email and communication settings so every message you send from the CRM reaches your clients from your own address, and gives you a first look around.",
      "lessons": [
        {
          "id": "m1-l1",
          "title": "Welcome to Your Client Journey System",
          "summary": "Meet the CRM you will run your mortgage business from, see how the course is organised, and complete the email and communication settings setup that everything else depends on.",
          "video": null,
          "durationText": "5 min",
          "keyPoints": [
            "How the eight modules build on each other, from first contact to funded deal",
            "Connecting your email account so client emails send from your own address",
            "Choosing your communication settings: signature, sender name and reply-to address",
            "Why you should spend about 10 minutes exploring the layout before you go further"
          ]
        }
      ],
      "guide": [
        {
          "title": "Sign in and open Settings",
          "detail": "Sign in to the CRM with the login details from your welcome email, then click your initials at the top right and choose Settings. Everything in this module lives under the Email and Communication section."
        },
        {
          "title": "Connect your email account",
          "detail": "Under Email Settings, connect the mailbox you use with clients (Google Workspace, Microsoft 365 or your provider’s IMAP details). Send yourself a test message to confirm it arrives from your address, not a generic system address."
        },
        {
          "title": "Set your sender name and reply-to address",
          "detail": "Use the name clients know you by, for example “Jordan Lee, Mortgage Broker”. Set the reply-to address to the same mailbox so answers land in your inbox and are logged against the client’s record."
        },
        {
          "title": "Create your email signature",
          "detail": "Add your name, brokerage, licence number, phone number and booking link. Keep it short: it appears on every email, task reminder and newsletter the CRM sends for you."
        },
        {
          "title": "Choose your communication settings",
          "detail": "Decide which notifications you want by email and which in the CRM, and set your business hours and time zone so reminders and automated emails go out when clients are awake."
        },
        {
          "title": "Explore the layout",
          "detail": "Spend about 10 minutes exploring the layout: the left-hand menu, the contacts list, the lead and mortgage boards, your task list and the search bar. Open each area once; nothing you look at changes any data."
        }
      ],
      "importantReminders": [
        "Send a test email after connecting your account: a mailbox that is not connected means client emails silently never leave the CRM.",
        "Your email signature must carry the licence details your regulator requires; check them before the first client email goes out.",
        "Set your time zone now. Every due date, reminder and scheduled email in later modules uses it."
      ],
      "proTips": [
        "Use the same profile photo as your website and social accounts so clients recognise you in their inbox.",
        "Add your online booking link to your signature: it turns every email into a chance to book a call.",
        "Keep the CRM open in a pinned browser tab so it becomes the first place you look each morning."
      ],
      "actionStep": {
        "title": "Connect your email and take the tour",
        "description": "Connect your email account, set your sender name, reply-to address and signature, send yourself a test email, then spend about 10 minutes exploring the layout before starting Module 2."
      },
      "keyTakeaways": [
        "Email and communication settings come first: every later feature sends through them.",
        "Clients should always receive messages from your own name and address.",
        "A short, compliant signature travels with every email the CRM sends for you.",
        "About 10 minutes exploring the layout now saves hours of searching later."
      ]
    },
    {
      "id": "m2",
      "title": "General Overview",
      "navLabel": "General Overview",
      "description": "A guided tour of the CRM dashboard and the settings that shape your day.",
      "minutes": 12,
      "introduction": "Now that your email is connected, take a guided tour of the CRM dashboard and settings. You will learn where each part of your business lives, so the lead, task and deal modules that follow feel familiar from the first click.",
      "lessons": [
        {
          "id": "m2-l1",
          "title": "A Tour of the CRM Dashboard and Settings",
          "summary": "A walk through the dashboard you will see every morning and the settings that shape it: your boards, your task list, your contacts and the account options that control how the CRM behaves.",
          "video": null,
          "durationText": "12 min",
          "keyPoints": [
            "Reading the dashboard: today’s tasks, new leads and live deals at a glance",
            "The left-hand menu: contacts, lead board, mortgage board, tasks and reports",
            "Global search: finding any client by name, email or phone number in seconds",
            "The settings that matter for a broker: profile, team, pipelines and notifications"
          ]
        }
      ],
      "guide": [
        {
          "title": "Open your dashboard",
          "detail": "Click Dashboard in the left-hand menu. The top row shows today’s tasks, new leads and deals waiting on you; each tile opens the list behind it."
        },
        {
          "title": "Walk the left-hand menu",
          "detail": "Open Contacts, the lead board, the mortgage board (your live deal dashboard), Tasks and Reports in turn. Note that the boards are Kanban views: each column is a status and each card is a client."
        },
        {
          "title": "Try global search",
          "detail": "Use the search bar at the top to look up a name, an email address or a phone number. Search is the fastest way back to any client while you are on the phone with them."
        },
        {
          "title": "Review your profile settings",
          "detail": "In Settings, check your name, photo, phone number and time zone. These appear on client-facing emails and on the tasks your team assigns to you."
        },
        {
          "title": "Check team and user settings",
          "detail": "If you work with an assistant or a junior broker, confirm who has access and what each person can see and edit. Permissions matter later, when you build custom views in Module 7."
        },
        {
          "title": "Set your notification preferences",
          "detail": "Choose which events notify you: new leads, overdue tasks and deals that change stage are the three most brokers keep switched on."
        }
      ],
      "importantReminders": [
        "The dashboard shows live data: what you change on a board or in a task appears there immediately.",
        "Settings changes apply to your whole account; if you share the CRM with a team, agree on them together.",
        "Do not rename or delete the standard pipelines yet: the lead and live deal modules rely on their default stages."
      ],
      "proTips": [
        "Bookmark the dashboard as your browser’s start page so every day begins with your priorities.",
        "Learn the search shortcut: jumping straight to a client while they are on the phone impresses every time.",
        "Switch off notifications you never act on; a quiet inbox makes the important alerts stand out."
      ],
      "actionStep": {
        "title": "Make the dashboard yours",
        "description": "Complete your profile settings, set your notification preferences, and open every item in the left-hand menu once. Then find one existing client with global search."
      },
      "keyTakeaways": [
        "The dashboard is your daily starting point: tasks, leads and live deals in one view.",
        "Boards in the CRM are Kanban views of statuses, with a card for each client.",
        "Global search finds any client by name, email or phone number.",
        "Profile, team and notification settings shape how the CRM works for you."
      ]
    },
    {
      "id": "m3",
      "title": "Lead Management",
      "navLabel": "Lead Management",
      "description": "Create contacts and leads, and move them through the lead board to an application.",
      "minutes": 15,
      "introduction": "Every deal starts as a lead. This module shows you how to create contacts and leads with the details that matter, and how to move each lead across the lead board until an application starts and the CRM hands the client to your mortgage board.",
      "lessons": [
        {
          "id": "m3-l1",
          "title": "Creating Contacts and Moving Leads Through the Board",
          "summary": "Create a contact with the right lead source and business partner type, set an active lead status, and follow the lead board from new lead to Call Completed and on to the mortgage board.",
          "video": null,
          "durationText": "15 min",
          "keyPoints": [
            "Required contact details: a valid email and a properly formatted phone number",
            "Lead source and business partner type (the default is 'Bank') and why they matter for reporting",
            "Keeping an active lead status so the lead shows on your board",
            "The lead board: new lead → Contacted → Discovery Call Booked → Call Completed",
            "The automatic move to the mortgage board when an application starts"
          ]
        }
      ],
      "guide": [
        {
          "title": "Create a new contact",
          "detail": "Open Contacts and click New Contact. Enter the client’s first and last name, a valid email and a properly formatted phone number (area code included, for example (416) 555-0142). The CRM does not stop you saving bad details, so check them: a wrong email means every automated message bounces."
        },
        {
          "title": "Set the lead source",
          "detail": "Choose where the client came from: a referral, your website, social media, a realtor or a past client. Lead source is what later tells you which marketing actually brings you business."
        },
        {
          "title": "Set the business partner type",
          "detail": "Business partner type records who referred the client. It defaults to 'Bank'; change it to Realtor, Financial Planner or Past Client when that is where the referral came from, so each partner gets credit in your reports."
        },
        {
          "title": "Give the lead an active lead status",
          "detail": "Set the lead status to active. Only leads with an active lead status appear on the lead board and in your follow-up tasks; an inactive lead is stored but out of sight."
        },
        {
          "title": "Work the lead board",
          "detail": "Every new lead lands in the new lead column. Drag the card to Contacted after your first conversation, to Discovery Call Booked when a call is in the calendar, and to Call Completed once you have discussed the client’s goals."
        },
        {
          "title": "Start the application",
          "detail": "When the client starts a mortgage application, the CRM moves them automatically from the lead board to the mortgage board. You do not drag them: the application starting is the trigger."
        },
        {
          "title": "Create three test clients",
          "detail": "Create three test clients, one for each deal type: a purchase, a refinance and a switch. Move each one across the lead board so you see every status before real clients depend on it."
        }
      ],
      "importantReminders": [
        "Always enter a valid email and a properly formatted phone number: automations and newsletters can only reach clients whose details are right.",
        "Check the business partner type on every new contact; leaving the default 'Bank' when a realtor referred the client hides that partner’s value.",
        "A lead without an active lead status disappears from the lead board, so it also disappears from your follow-up.",
        "Do not drag clients to the mortgage board yourself: the move happens automatically when an application starts."
      ],
      "proTips": [
        "Add a one-line note to each new lead about what they want (first home, lower payment, renewal). It makes the discovery call twice as focused.",
        "Move cards on the lead board the moment something happens, while you still have the client on the phone.",
        "Review the new lead column every morning; a lead contacted within the hour is far more likely to book a discovery call."
      ],
      "actionStep": {
        "title": "Create three test clients",
        "description": "Create three test clients (a purchase, a refinance and a switch) with a valid email, a properly formatted phone number, a lead source, a business partner type and an active lead status. Move each from new lead to Call Completed, then start an application for one and watch it move to the mortgage board."
      },
      "keyTakeaways": [
        "Good data in means good automation out: a valid email and a properly formatted phone number on every contact.",
        "Lead source and business partner type (default 'Bank') tell you where your business comes from.",
        "The lead board runs new lead → Contacted → Discovery Call Booked → Call Completed.",
        "Starting an application moves the client to the mortgage board automatically."
      ]
    },
    {
      "id": "m4",
      "title": "Task Management",
      "navLabel": "Task Management",
      "description": "Plan your follow-ups with due dates, importance levels and checklists.",
      "minutes": 10,
      "introduction": "Deals are won in the follow-up. This module shows you how to turn every promise you make to a client into a task with a due date, an importance level and a checklist, so nothing slips between the discovery call and funding.",
      "lessons": [
        {
          "id": "m4-l1",
          "title": "Tasks That Keep Every Deal Moving",
          "summary": "Create tasks against a client, set a due date and an importance level, use the activation status to keep future tasks out of the way, and break bigger jobs into checklist items.",
          "video": null,
          "durationText": "10 min",
          "keyPoints": [
            "Creating a task from a client’s record so it stays linked to them",
            "Due date and importance level: what to do today and what can wait",
            "Activation status: active tasks on your list, inactive ones parked for later",
            "Checklist items for multi-step jobs such as collecting documents"
          ]
        }
      ],
      "guide": [
        {
          "title": "Open the client and add a task",
          "detail": "Open the client’s record and click Add Task. Creating tasks from the record links them to the client, so anyone who opens the file sees what is outstanding."
        },
        {
          "title": "Name the task as an action",
          "detail": "Write the title as the thing to do: “Call Sam about pre-approval documents”, not “Sam”. You should know what to do without opening the task."
        },
        {
          "title": "Set the due date",
          "detail": "Every task gets a due date. Pick the day you will really do it; overdue tasks turn red on your dashboard and in your task list."
        },
        {
          "title": "Choose the importance level",
          "detail": "Set the importance level to High, Medium or Low. High is for anything that holds up a deal or a client’s deadline, such as a lender condition or an expiring rate hold."
        },
        {
          "title": "Set the activation status",
          "detail": "Leave the activation status on Active for work you are doing now. Set it to Inactive for tasks that only matter later, like a check-in after a closing, and activate them when the time comes."
        },
        {
          "title": "Add checklist items",
          "detail": "For jobs with several parts, add checklist items: pay stubs, employment letter, notice of assessment, bank statements. Tick each one off as it arrives; the task shows how many are done."
        },
        {
          "title": "Work your task list daily",
          "detail": "Open Tasks each morning, sort by due date and importance level, and clear the High items first. Complete a task as soon as it is done so your list stays true."
        }
      ],
      "importantReminders": [
        "A task without a due date never reminds you; always set one.",
        "Reserve the High importance level for deal-critical work, or everything becomes urgent and nothing is.",
        "Inactive tasks do not appear on your daily list: check their activation status if a task seems to have vanished."
      ],
      "proTips": [
        "Create the next task before you close the current one, so every client always has a next step.",
        "Reuse the same checklist items for document collection on every deal; consistency makes missing documents obvious.",
        "Block 30 minutes at the start of each day for your task list before you open your inbox."
      ],
      "actionStep": {
        "title": "Build a document-collection task",
        "description": "On one of your test clients, create a task called “Collect application documents” with a due date three days from now, a High importance level, an Active activation status and at least four checklist items. Tick two of them off."
      },
      "keyTakeaways": [
        "Every promise to a client becomes a task linked to their record.",
        "Due date and importance level decide what you do first.",
        "Activation status parks future tasks until they matter.",
        "Checklist items break big jobs into steps you can tick off."
      ]
    },
    {
      "id": "m5",
      "title": "Managing the Live Deal Dashboard",
      "navLabel": "Live Deal Dashboard",
      "description": "Track every live deal from application to funding, and handle deals that are lost.",
      "minutes": 12,
      "introduction": "Once an application starts, the client lives on your live deal dashboard. This module walks the stages from the first application to a funded mortgage, shows which moves happen automatically, and explains how to handle a deal that is lost so it still brings you business later.",
      "lessons": [
        {
          "id": "m5-l1",
          "title": "From Application to Funded: Managing Live Deals",
          "summary": "Follow a deal through every live deal stage, learn the loss stages and the follow-up emails each one sends, and set up the renewal and payment checks that keep clients for life.",
          "video": null,
          "durationText": "12 min",
          "keyPoints": [
            "The live deal stages in order, from Borrower Editing App to Funded",
            "Out to Lender is set automatically after you submit the deal",
            "The loss stages: Mortgage Lost/Cancelled, Decline to Action, Do Not Qualify, On Hold, Ready for Compliance",
            "DNQ follow-up emails at 3, 6 and 12 months",
            "A renewal email 120 days before renewal and a payment check 10 days after compliance"
          ]
        }
      ],
      "guide": [
        {
          "title": "Open the live deal dashboard",
          "detail": "Click the mortgage board in the left-hand menu. Every client whose application has started appears here as a card in the stage it has reached."
        },
        {
          "title": "Follow the application stages",
          "detail": "A deal begins in Borrower Editing App while the client fills in the online application, or in New App Created Internally when you enter it for them. It moves to App Received when the application is complete, then to Waiting on Documents while you collect paperwork, and to Docs Received once everything is in."
        },
        {
          "title": "Submit the deal",
          "detail": "Move the deal to Need to Submit Live Deal (refinance or switch) when it is ready for the lender. After you submit it, the CRM sets Out to Lender automatically; you never drag a card into that stage."
        },
        {
          "title": "Track the lender’s answer through to funding",
          "detail": "When the lender approves, move the deal to Commitment. Send the Approval Package to the client to sign, move it to Instructed once the lawyer or notary has instructions, and finally to Funded on the day the money moves."
        },
        {
          "title": "Handle a lost deal with the right loss stage",
          "detail": "Not every deal funds. Choose the loss stage that tells the truth: Mortgage Lost/Cancelled when the client went elsewhere or walked away, Decline to Action when you chose not to proceed, Do Not Qualify when the client cannot qualify today, On Hold when the client has paused, and Ready for Compliance when the file is closed and waiting for its compliance review."
        },
        {
          "title": "Let DNQ follow-up work for you",
          "detail": "A client marked Do Not Qualify (DNQ) is tomorrow’s deal. The CRM sends DNQ follow-up emails at 3, 6 and 12 months, inviting them to check in as their credit, income or savings improve."
        },
        {
          "title": "Set the renewal and payment checks",
          "detail": "For every funded client the CRM sends a renewal email 120 days before renewal, early enough to win the renewal before the lender’s offer arrives. It also creates a payment check 10 days after compliance, so you confirm your commission has been paid."
        }
      ],
      "importantReminders": [
        "Out to Lender is automatic after submission: if a deal never reaches it, the submission did not go through.",
        "Use the loss stage that matches what really happened; the follow-up emails each one sends depend on it.",
        "Keep the client’s renewal date accurate on funded deals, or the renewal email 120 days before renewal goes out at the wrong time.",
        "Do not skip the payment check 10 days after compliance: unpaid commissions are easiest to chase early."
      ],
      "proTips": [
        "Review Waiting on Documents every morning; it is the stage where deals most often stall.",
        "Call a Do Not Qualify client yourself the week after their 3-month DNQ follow-up email; many are ready sooner than they think.",
        "Filter the board by lender to see how much business each one has with you before you negotiate."
      ],
      "actionStep": {
        "title": "Walk a test deal from application to funded",
        "description": "Take your purchase test client from Module 3 through every live deal stage, from Borrower Editing App to Funded. Then move your refinance test client to Do Not Qualify and find the DNQ follow-up emails scheduled at 3, 6 and 12 months."
      },
      "keyTakeaways": [
        "Live deal stages run from Borrower Editing App to Funded, with Out to Lender set automatically after submission.",
        "Loss stages (Mortgage Lost/Cancelled, Decline to Action, Do Not Qualify, On Hold, Ready for Compliance) keep lost deals working for you.",
        "DNQ follow-up emails go out at 3, 6 and 12 months.",
        "A renewal email 120 days before renewal and a payment check 10 days after compliance close the loop on every funded deal."
      ]
    },
    {
      "id": "m6",
      "title": "Other Custom Boards",
      "navLabel": "Custom Boards",
      "description": "Build custom Kanban views for the parts of your business the standard boards miss.",
      "minutes": 8,
      "introduction": "The lead and mortgage boards cover most of your pipeline, but not all of your business. This module shows you how to build custom Kanban views for everything else: renewals, realtor partners, commercial files or anything you track in a spreadsheet today.",
      "lessons": [
        {
          "id": "m6-l1",
          "title": "Building Other Custom Boards",
          "summary": "Create a custom Kanban view, design its columns around a process you already run, and decide which contacts appear on it.",
          "video": null,
          "durationText": "8 min",
          "keyPoints": [
            "When a custom board beats a spreadsheet or a sticky note",
            "Creating a custom view in Kanban format",
            "Designing columns that match the real steps of your process",
            "Filtering which contacts appear on the board"
          ]
        }
      ],
      "guide": [
        {
          "title": "Pick a process to put on a board",
          "detail": "Choose one process you track outside the CRM today, for example upcoming renewals or the realtors you are building relationships with."
        },
        {
          "title": "Create a custom view",
          "detail": "Open the boards menu, click New Custom View and choose the Kanban format. Give the board a name your whole team will understand, such as “Renewals 2025”."
        },
        {
          "title": "Add your columns",
          "detail": "Add one column for each real step of the process, left to right. For renewals: 120 Days Out, Contacted, Options Sent, Renewed. Four to six columns is usually enough."
        },
        {
          "title": "Choose which contacts appear",
          "detail": "Set the board’s filter so only the right contacts show, for example contacts with a renewal date in the next six months, or contacts whose business partner type is Realtor."
        },
        {
          "title": "Move cards as work happens",
          "detail": "Drag a card to the next column when the step is done, exactly as on the lead board. The board becomes the live picture of that part of your business."
        }
      ],
      "importantReminders": [
        "A custom board shows contacts that already exist in the CRM; it does not create new ones.",
        "Keep each custom Kanban view to one process; a board that tracks everything tells you nothing.",
        "Agree on board and column names with your team before you build, so everyone reads them the same way."
      ],
      "proTips": [
        "Start from a process you already run on paper: the columns are the steps you already follow.",
        "Put the column that needs the most attention on the left so it is the first thing you see.",
        "Review each custom board once a week; move or archive cards that have not changed in a month."
      ],
      "actionStep": {
        "title": "Build your first custom board",
        "description": "Create a custom Kanban view for one process you track outside the CRM today, add four to six columns, filter it to the right contacts and move at least one test client across it."
      },
      "keyTakeaways": [
        "Custom Kanban views bring the rest of your business into the CRM.",
        "Columns should mirror the real steps of a process, left to right.",
        "Filters decide which contacts each custom board shows."
      ]
    },
    {
      "id": "m7",
      "title": "Creating Custom Automations Views",
      "navLabel": "Custom Automations",
      "description": "Let automations move clients through your custom views, in two short lessons.",
      "minutes": 18,
      "introduction": "A custom view becomes powerful when it moves by itself. In two short lessons you will build a custom automations view and connect automations that move clients between its columns and send the right message at each step.",
      "lessons": [
        {
          "id": "m7-l1",
          "title": "Lesson 1: Setting Up a Custom Automations View",
          "summary": "Create the custom view your automations will run on, check that you have permission to edit it, and plan the trigger for each column.",
          "video": null,
          "durationText": "9 min",
          "keyPoints": [
            "You need permission to edit the custom view before you can add automations to it",
            "Creating a custom automations view in Kanban format",
            "Planning one trigger and one action for each column",
            "Naming columns so the automation’s job is obvious"
          ]
        },
        {
          "id": "m7-l2",
          "title": "Lesson 2: Connecting Automations to Your View",
          "summary": "Add the automations themselves: the trigger that moves a card, the email or task each move creates, and how to test them safely on a test client.",
          "video": null,
          "durationText": "9 min",
          "keyPoints": [
            "Triggers: a stage change, a date, or a task being completed",
            "Actions: move the card, send an email template, create a task",
            "Testing every automation on a test client before real clients",
            "Switching an automation off without deleting it"
          ]
        }
      ],
      "guide": [
        {
          "title": "Check your permissions",
          "detail": "You need permission to edit the custom view. If the Edit and Automations buttons are greyed out, ask the account owner or administrator to give you edit rights to that view in team settings."
        },
        {
          "title": "Create the custom automations view",
          "detail": "Click New Custom View, choose the Kanban format and name it after the journey it automates, for example “Post-Funding Client Care”."
        },
        {
          "title": "Add columns for each step of the journey",
          "detail": "Add a column for each step a client passes through: Funded, Thank-You Sent, Review Requested, 6-Month Check-In. Each column will have its own automation."
        },
        {
          "title": "Choose a trigger for each column",
          "detail": "Open the column’s Automations panel and pick what moves a client into it: a stage change on another board, a number of days after a date, or a task being completed."
        },
        {
          "title": "Choose the action",
          "detail": "Pick what happens when a card arrives: send an email template, create a task for you or your assistant, or both. Keep it to one clear action per column."
        },
        {
          "title": "Test with a test client",
          "detail": "Move one of your test clients into the first column and watch it travel through the view. Check the emails it sends and the tasks it creates before you switch the automation on for real clients."
        },
        {
          "title": "Switch on and review",
          "detail": "Turn the automations on. Look at the view weekly for the first month, and pause any automation that does something you did not expect rather than deleting it."
        }
      ],
      "importantReminders": [
        "You need permission to edit the custom view; without it you can see the board but not add or change automations.",
        "Always test an automation on a test client first: an automated email sent to your whole database cannot be unsent.",
        "One trigger and one action per column keeps automations easy to understand and fix."
      ],
      "proTips": [
        "Write down the journey on paper first, column by column, before you open the automations panel.",
        "Reuse the email templates from your newsletter and follow-ups so every message sounds like you.",
        "Name automations after what they do (“Send thank-you 2 days after funding”) so your team can read the view at a glance."
      ],
      "actionStep": {
        "title": "Automate your post-funding thank-you",
        "description": "Make sure you have permission to edit the custom view, then build a custom automations view with at least three columns. Add an automation that sends a thank-you email two days after funding, and test it end to end with a test client."
      },
      "keyTakeaways": [
        "Custom automations views move clients and send messages without you touching the card.",
        "You need permission to edit the custom view before you can automate it.",
        "Every column gets one trigger and one action.",
        "Test on a test client, then switch on and review weekly."
      ]
    },
    {
      "id": "m8",
      "title": "Monthly Newsletter",
      "navLabel": "Monthly Newsletter",
      "description": "Write a newsletter template with merge fields and send it to your database safely.",
      "minutes": 10,
      "introduction": "A monthly newsletter keeps you top of mind with every past client, partner and lead in your database. This final module shows you how to write it once as an email template with merge fields and send it safely, even to a large database.",
      "lessons": [
        {
          "id": "m8-l1",
          "title": "Sending Your Monthly Newsletter",
          "summary": "Build a reusable email template with merge fields, choose who receives it, and send it in batches so it reaches inboxes rather than spam folders.",
          "video": null,
          "durationText": "10 min",
          "keyPoints": [
            "Why a monthly newsletter brings repeat and referral business",
            "Writing email templates with merge fields such as first name",
            "Choosing the contacts who receive it",
            "Sending in batches over several days when your database has 2,000 or more contacts"
          ]
        }
      ],
      "guide": [
        {
          "title": "Plan the month’s content",
          "detail": "Pick one useful topic (a rate update, a first-time buyer tip, a renewal reminder) and one clear call to action, such as booking a review call."
        },
        {
          "title": "Create an email template",
          "detail": "Open Email Templates and click New Template. Name it with the month, for example “Newsletter – March”, and write a subject line that makes the value clear."
        },
        {
          "title": "Personalise with merge fields",
          "detail": "Insert merge fields instead of typing names: {{first_name}} in the greeting and your own details in the sign-off. The CRM fills them in for each contact when the newsletter sends."
        },
        {
          "title": "Preview and send a test",
          "detail": "Preview the template against a real contact to check every merge field fills in, then send a test to yourself and read it on your phone."
        },
        {
          "title": "Choose your recipients",
          "detail": "Select the contacts who should receive it: past clients, active leads and business partners. Leave out anyone who has unsubscribed."
        },
        {
          "title": "Send in batches for a large database",
          "detail": "If your database has 2,000 or more contacts, send in batches over several days rather than all at once. Large single sends are the fastest way to land in spam folders."
        }
      ],
      "importantReminders": [
        "Check every merge field in the preview: a greeting that reads “Hi {{first_name}}” undoes the personal touch.",
        "With 2,000 or more contacts, always send in batches over several days.",
        "Only send to contacts who have agreed to hear from you, and honour every unsubscribe at once."
      ],
      "proTips": [
        "Send on the same day each month so clients come to expect you.",
        "Keep it short: one topic, one call to action and a photo of you beats a long digest.",
        "Watch which newsletters bring replies and booked calls, and write more like those."
      ],
      "actionStep": {
        "title": "Send your first monthly newsletter",
        "description": "Write this month’s newsletter as an email template with at least two merge fields, send a test to yourself, then send it to your contacts, in batches over several days if your database has 2,000 or more contacts."
      },
      "keyTakeaways": [
        "A monthly newsletter keeps you top of mind with every past client and partner.",
        "Email templates with merge fields make one message personal for everyone.",
        "Preview and test before every send.",
        "With 2,000 or more contacts, send in batches over several days."
      ]
    }
  ]
}$course$::jsonb, ARRAY['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']::text[], 'The course as first published', 'Seed');
--> statement-breakpoint
INSERT INTO "course_module_draft" ("id", "position", "content", "revision", "updated_at", "updated_by_name")
SELECT "module" ->> 'id', "position"::integer, "module" - 'id', 1, "course_version"."published_at", 'Seed'
FROM "course_version", jsonb_array_elements("course_version"."document" -> 'modules') WITH ORDINALITY AS "modules" ("module", "position")
WHERE "course_version"."version" = 1;
