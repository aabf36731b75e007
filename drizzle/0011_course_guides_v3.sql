-- Data, written by scripts/course-version-sql.ts from src/server/course/fixtures/modules-v3.json and
-- knowledge-checks-v3.json: the course's third version, "Guides edited for a busy broker", each fact stated once
-- where it is used and the modules consistent with each other (docs/decisions/0081-edited-guides-seeded-as-version-3.md).
-- Published only where the course is still as the seed left it: version 2 live, published by the
-- seed, and every draft row untouched since (revision 2, by the seed, eight rows, none removed). Once an
-- owner has edited or published anything, nothing here runs, so an owner's work is never overwritten.
-- src/server/course/seed.test.ts compares the result with the fixtures.
INSERT INTO "course_version" ("version", "document", "module_ids", "note", "published_by_name")
SELECT 3, $course${
  "modules": [
    {
      "id": "m1",
      "title": "Welcome & Orientation",
      "navLabel": "Welcome & Orientation",
      "description": "Set up your e-mail and communication settings and find your way around the CRM.",
      "minutes": 5,
      "introduction": "Before you add a single client, connect the CRM to the mailbox you already use, so every message it sends reaches clients from your own name and address. Then take a first look around.",
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
            "A first tour of the layout before you go further",
            "What to do when the test email does not arrive"
          ]
        }
      ],
      "guide": [
        {
          "title": "Open Email and Communication",
          "detail": "Sign in to the CRM with your CRM account’s own login (the login details from your welcome email open this course, not the CRM), then click your initials at the top right and choose Settings and open Email and Communication: everything you set in this module is there."
        },
        {
          "title": "Connect your email account",
          "detail": "In Email and Communication, connect the mailbox you use with clients (Google Workspace, Microsoft 365 or your provider’s IMAP details). Send yourself a test message to confirm it arrives from your address, not a generic system address."
        },
        {
          "title": "Fix a test email that does not arrive",
          "detail": "If the test has not arrived after a few minutes, check your spam folder, then check in Email and Communication that the mailbox shows as connected; reconnect it if the connection was refused or has expired. A test from a generic system address means the mailbox is not connected yet. Send a new test after each change."
        },
        {
          "title": "Set your sender name and reply-to address",
          "detail": "In the same section, enter the name clients know you by, for example “Jordan Lee, Mortgage Broker”. Set the reply-to address to the same mailbox so replies reach your inbox and are logged against the client’s record."
        },
        {
          "title": "Create your email signature",
          "detail": "Open Signature in the same section. Add your name, brokerage, licence number, phone number and booking link, with the licence details your regulator requires. It appears on every email, task reminder and newsletter the CRM sends for you, from the next send on."
        },
        {
          "title": "Explore the layout",
          "detail": "Spend about 10 minutes exploring the layout: the left-hand menu, Contacts, the lead board, the mortgage board, Tasks and the search bar. Looking changes no data. Your profile, time zone and notifications come in Module 2."
        }
      ],
      "importantReminders": [
        "Until a test email arrives from your own address, assume no client email leaves the CRM.",
        "A reply-to address that points at a mailbox you never check means missed replies, with nothing logged on the client’s record."
      ],
      "proTips": [
        "Use the same profile photo as your website and social accounts so clients recognise you in their inbox.",
        "Keep the CRM open in a pinned browser tab so it is the first place you look each morning."
      ],
      "actionStep": {
        "title": "Connect your email and take the tour",
        "description": "Connect your email account, set your sender name, reply-to address and signature, and send yourself a test email until one arrives from your own address. Then take the 10-minute tour of the layout before starting Module 2."
      },
      "keyTakeaways": [
        "Email and communication settings come first: every later feature sends through them.",
        "A test email from your own address is the only proof the connection works.",
        "A short, compliant signature travels with every email the CRM sends for you."
      ],
      "knowledgeCheck": {
        "passMark": 80,
        "requirePass": false,
        "maxAttempts": null,
        "questions": [
          {
            "id": "q1",
            "kind": "single",
            "prompt": "Where do you find the email and communication settings this module sets up?",
            "options": [
              {
                "id": "a",
                "text": "Click your initials at the top right, choose Settings, then open the Email and Communication section",
                "correct": true,
                "explanation": "Right. Your initials at the top right open the menu with Settings, and everything Module 1 sets up lives under its Email and Communication section."
              },
              {
                "id": "b",
                "text": "Open Contacts and click New Contact",
                "correct": false,
                "explanation": "Not here. New Contact is where you create a client in Module 3; it holds the client’s details, not your own email settings."
              },
              {
                "id": "c",
                "text": "Open Email Templates and click New Template",
                "correct": false,
                "explanation": "Email Templates is where you write reusable messages such as the monthly newsletter in Module 8. The mailbox, sender name and signature are set in Settings."
              },
              {
                "id": "d",
                "text": "Open Reports in the left-hand menu",
                "correct": false,
                "explanation": "Reports shows results such as where your business comes from. Your email connection and signature are in Settings, under your initials at the top right."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Which of these does the module tell you to put in your email signature? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "Your licence number",
                "correct": true,
                "explanation": "Yes. The signature carries your licence number, and your regulator may require licence details on every client email."
              },
              {
                "id": "b",
                "text": "Your online booking link",
                "correct": true,
                "explanation": "Yes. A booking link in the signature turns every email into a chance for the client to book a call."
              },
              {
                "id": "c",
                "text": "Your phone number",
                "correct": true,
                "explanation": "Yes. Name, brokerage, licence number, phone number and booking link are the five things the signature holds."
              },
              {
                "id": "d",
                "text": "This month’s rate specials",
                "correct": false,
                "explanation": "No. The signature appears on every email, task reminder and newsletter, so it should stay short and stable; rate news belongs in the monthly newsletter."
              },
              {
                "id": "e",
                "text": "A full list of the lenders you work with",
                "correct": false,
                "explanation": "No. The module says to keep the signature short: name, brokerage, licence number, phone number and booking link."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "If your test email arrives from a generic system address, your mailbox is connected correctly.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. The test is meant to show the email arriving from your own address; a generic system address means the mailbox is not connected yet."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. A test that arrives from a generic system address means the mailbox is not connected; reconnect it in Email Settings and test again."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "Why does the module ask you to set your time zone now, before you add any clients?",
            "options": [
              {
                "id": "a",
                "text": "Every due date, reminder and scheduled email in later modules uses it",
                "correct": true,
                "explanation": "Right. Task due dates, automations and newsletter sends all run on your time zone, so setting it first keeps every later module on time."
              },
              {
                "id": "b",
                "text": "The CRM will not let you connect your email until it is set",
                "correct": false,
                "explanation": "The module does not say this. The reason to set it early is that every due date, reminder and scheduled email uses it."
              },
              {
                "id": "c",
                "text": "It decides which clients can see your profile photo",
                "correct": false,
                "explanation": "The time zone has nothing to do with who sees your photo. It sets when reminders and automated emails go out."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "trueFalse",
            "prompt": "You should set the reply-to address to the same mailbox you connected, so client answers land in your inbox and are logged against the client’s record.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. A reply-to address on your own mailbox brings answers to your inbox and logs them against the client’s record."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. If the reply-to address points elsewhere, replies are missed and are not logged against the client’s record."
              }
            ]
          }
        ]
      }
    },
    {
      "id": "m2",
      "title": "General Overview",
      "navLabel": "General Overview",
      "description": "A guided tour of the CRM dashboard and the settings that shape your day.",
      "minutes": 12,
      "introduction": "Now that your email is connected, take a guided tour of the CRM dashboard and settings: where each part of your business lives, and which settings are yours to set.",
      "lessons": [
        {
          "id": "m2-l1",
          "title": "A Tour of the CRM Dashboard and Settings",
          "summary": "A walk through the dashboard you will see every morning, the left-hand menu and search, and the profile, team and notification settings.",
          "video": null,
          "durationText": "12 min",
          "keyPoints": [
            "Reading the dashboard: today’s tasks, new leads and live deals at a glance",
            "The left-hand menu: contacts, lead board, mortgage board, tasks and reports",
            "Global search: finding any client by name, email or phone number",
            "Which settings are yours alone and which your whole team shares"
          ]
        }
      ],
      "guide": [
        {
          "title": "Read your dashboard",
          "detail": "Click Dashboard in the left-hand menu. The top row shows today’s tasks, new leads and deals waiting on you; click a tile to open the list behind it. The counts are live: they change as soon as you complete a task or move a card."
        },
        {
          "title": "Walk the left-hand menu",
          "detail": "Open Contacts, the lead board, the mortgage board, Tasks and Reports in turn. The two boards are Kanban views: each column is a status and each card is a client. The further right a card sits, the closer that client is to an application or to funding. Look, but leave real clients’ cards where they are until Modules 3 and 5."
        },
        {
          "title": "Search for a client",
          "detail": "Type a name, an email address or a phone number into the search bar at the top of any screen. Search is the fastest way back to any client while they are on the phone. If a client you know is in the CRM does not come up by name, try their email or phone number before you create a new contact: a second record splits their history in two."
        },
        {
          "title": "Complete your profile settings",
          "detail": "In Settings, open Profile and check your name, photo, phone number and time zone, and set your business hours. Clients see your name, photo and phone number on your emails. The time zone is the clock for every due date, reminder and scheduled email in the modules that follow, and business hours keep scheduled emails to times when clients are awake."
        },
        {
          "title": "Check team and user settings",
          "detail": "If you work with an assistant or a junior broker, open Team in Settings and confirm who has access and what each person can see and edit. Seeing a board and being allowed to edit it are separate rights, and Module 7 needs the right to edit. Give an assistant only the access their work needs."
        },
        {
          "title": "Set your notifications",
          "detail": "In Settings, open Notifications and choose which events alert you, by email or in the CRM. Start with three: new leads, overdue tasks and deals that change stage. Leave the rest off until you know you will act on them."
        }
      ],
      "importantReminders": [
        "Your profile and notification settings apply to you alone; team and pipeline settings apply to everyone on the account, so agree on those with your team.",
        "Do not rename or delete the standard pipelines: Modules 3 and 5 rely on their default statuses and stages."
      ],
      "proTips": [
        "Bookmark the dashboard as your browser’s start page so every day begins with your priorities.",
        "If one tile’s count grows day after day, look there first when you plan your week."
      ],
      "actionStep": {
        "title": "Make the dashboard yours",
        "description": "Complete your profile settings, including your time zone and business hours, choose your notifications, and open every item in the left-hand menu once. Then find one existing client with global search."
      },
      "keyTakeaways": [
        "The dashboard is your daily starting point: tasks, leads and live deals in one view.",
        "Search by name, email or phone number before you create a contact, so every client has exactly one record.",
        "Your profile’s time zone is the clock every later module runs on."
      ],
      "knowledgeCheck": {
        "passMark": 80,
        "requirePass": false,
        "maxAttempts": null,
        "questions": [
          {
            "id": "q1",
            "kind": "single",
            "prompt": "What does the top row of the CRM dashboard show?",
            "options": [
              {
                "id": "a",
                "text": "Today’s tasks, new leads and deals waiting on you",
                "correct": true,
                "explanation": "Right. The top row shows today’s tasks, new leads and deals waiting on you, and each tile opens the list behind it."
              },
              {
                "id": "b",
                "text": "Your monthly newsletter statistics",
                "correct": false,
                "explanation": "No. The dashboard’s top row is about today’s work: tasks, new leads and deals waiting on you. Newsletters are covered in Module 8."
              },
              {
                "id": "c",
                "text": "Your email and communication settings",
                "correct": false,
                "explanation": "No. Those settings live under Settings (Module 1). The dashboard shows today’s tasks, new leads and deals waiting on you."
              },
              {
                "id": "d",
                "text": "A list of every contact in alphabetical order",
                "correct": false,
                "explanation": "No. The full contact list is under Contacts in the left-hand menu; the dashboard shows only what needs your attention today."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "trueFalse",
            "prompt": "On the CRM’s boards, each column is a client and each card is a status.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true: it is the other way round. Each column is a status and each card is a client."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. The boards are Kanban views in which each column is a status and each card is a client."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "single",
            "prompt": "A client phones you unexpectedly. What is the fastest way to bring up their record?",
            "options": [
              {
                "id": "a",
                "text": "Type their name, email address or phone number into the search bar at the top",
                "correct": true,
                "explanation": "Right. Global search finds any client by name, email or phone number, and it is the fastest way back to a client while you are on the phone."
              },
              {
                "id": "b",
                "text": "Scroll through the lead board until you find their card",
                "correct": false,
                "explanation": "That works only if they are on the lead board, and it is slow. Global search finds any client in seconds by name, email or phone number."
              },
              {
                "id": "c",
                "text": "Open Reports and filter by lead source",
                "correct": false,
                "explanation": "Reports tell you where business comes from; they are not a way to find one client. Use global search."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "multiple",
            "prompt": "Which details from your profile settings appear on client-facing emails and on the tasks your team assigns to you? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "Your name",
                "correct": true,
                "explanation": "Yes. Your name, photo, phone number and time zone appear on client-facing emails and on assigned tasks."
              },
              {
                "id": "b",
                "text": "Your photo",
                "correct": true,
                "explanation": "Yes. The photo is one of the profile details clients and your team see."
              },
              {
                "id": "c",
                "text": "Your phone number",
                "correct": true,
                "explanation": "Yes. Keep it current: it appears on client-facing emails."
              },
              {
                "id": "d",
                "text": "Your notification preferences",
                "correct": false,
                "explanation": "No. Notification preferences only decide which events alert you; clients never see them."
              },
              {
                "id": "e",
                "text": "Your password",
                "correct": false,
                "explanation": "No. Your password is never shown to clients or your team."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "multiple",
            "prompt": "Which notifications does the module say most brokers keep switched on? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "New leads",
                "correct": true,
                "explanation": "Yes. New leads, overdue tasks and deals that change stage are the three most brokers keep on."
              },
              {
                "id": "b",
                "text": "Overdue tasks",
                "correct": true,
                "explanation": "Yes. An overdue task is a promise to a client that is slipping, so it is worth an alert."
              },
              {
                "id": "c",
                "text": "Deals that change stage",
                "correct": true,
                "explanation": "Yes. A stage change on a live deal usually means something for you to do next."
              },
              {
                "id": "d",
                "text": "Every time any contact’s record is opened",
                "correct": false,
                "explanation": "No. This is not one of the three the module recommends; alerts you never act on only bury the important ones."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "trueFalse",
            "prompt": "Settings changes apply only to your own login, so a team sharing the CRM never needs to agree on them.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Settings changes apply to your whole account, so a team should agree on them together."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. Settings changes apply to your whole account; if you share the CRM, agree on them together."
              }
            ]
          }
        ]
      }
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
            "The contact details every automation depends on: email and phone number",
            "Lead source and business partner type (the default is 'Bank') and why they matter for reporting",
            "Keeping an active lead status so the lead shows on your board",
            "The lead board: new lead → Contacted → Discovery Call Booked → Call Completed",
            "What happens when an application starts"
          ]
        }
      ],
      "guide": [
        {
          "title": "Create a new contact",
          "detail": "Open Contacts and search for the client by name, email and phone number; click New Contact only if they are not there. Enter the client’s first and last name, a valid email and a properly formatted phone number (area code included, for example (416) 555-0142). The CRM does not stop you saving bad details, so check them: a wrong email means every automated message bounces."
        },
        {
          "title": "Set the lead source",
          "detail": "On the new contact, choose where the client came from: a referral, your website, social media, a realtor or a past client. Lead source is what later tells you which marketing brings you business."
        },
        {
          "title": "Set the business partner type",
          "detail": "On the same contact, set the business partner type: it records who referred the client. It defaults to 'Bank'; change it to Realtor, Financial Planner or Past Client when that is where the referral came from, so each partner gets credit in your reports."
        },
        {
          "title": "Give the lead an active lead status",
          "detail": "Set the contact’s lead status to active. Only leads with an active lead status appear on the lead board and in your follow-up tasks; an inactive lead is stored but out of sight. If a lead is missing from the board, check its lead status first. If you have created a client twice, set the duplicate’s lead status to inactive."
        },
        {
          "title": "Work the lead board",
          "detail": "Open the lead board: every new lead lands in the new lead column. Drag the card to Contacted after your first conversation, to Discovery Call Booked when the call is in the calendar, and to Call Completed once you have discussed the client’s goals. Move a card only when the event has happened, so the board tells the truth."
        },
        {
          "title": "Start the application",
          "detail": "Call Completed is the last column on the lead board. When the client starts a mortgage application, the CRM moves them automatically from the lead board to the mortgage board, into Borrower Editing App or New App Created Internally (Module 5). You do not drag them: the application starting is the trigger."
        }
      ],
      "importantReminders": [
        "The move to the mortgage board happens automatically when an application starts: never drag a client there yourself.",
        "Check the business partner type on every new contact; leaving the default 'Bank' when a realtor referred the client hides that partner’s value."
      ],
      "proTips": [
        "Add a one-line note to each new lead about what they want (first home, lower payment, renewal), so you start the discovery call knowing their goal.",
        "Move cards on the lead board while you still have the client on the phone.",
        "Review the new lead column every morning and contact each new lead the same day."
      ],
      "actionStep": {
        "title": "Create three test clients",
        "description": "In Contacts, create three test clients: a purchase, a refinance and a switch. Give each an email address you read yourself and your own phone number, so the automated emails of Modules 5 to 8 reach you and never a stranger. Give each a lead source and an active lead status, and set the purchase client’s business partner type to Realtor. Move all three from new lead to Call Completed, then start an application for each from its record and watch it move to the mortgage board."
      },
      "keyTakeaways": [
        "Good data in means good automation and honest reports out: check every contact’s details as you save them.",
        "The lead board runs new lead → Contacted → Discovery Call Booked → Call Completed; starting an application moves the client on."
      ],
      "knowledgeCheck": {
        "passMark": 80,
        "requirePass": false,
        "maxAttempts": null,
        "questions": [
          {
            "id": "q1",
            "kind": "single",
            "prompt": "In what order does a lead move across the lead board?",
            "options": [
              {
                "id": "a",
                "text": "new lead, Contacted, Discovery Call Booked, Call Completed",
                "correct": true,
                "explanation": "Right. A new lead lands in the new lead column, moves to Contacted after the first conversation, to Discovery Call Booked when the call is in the calendar, and to Call Completed once you have discussed the client’s goals."
              },
              {
                "id": "b",
                "text": "new lead, Discovery Call Booked, Contacted, Call Completed",
                "correct": false,
                "explanation": "Not quite. You contact the lead before a discovery call can be booked, so Contacted comes before Discovery Call Booked."
              },
              {
                "id": "c",
                "text": "Contacted, new lead, Call Completed, Discovery Call Booked",
                "correct": false,
                "explanation": "No. Every lead starts in the new lead column, and a call has to be booked before it can be completed."
              },
              {
                "id": "d",
                "text": "new lead, Contacted, Call Completed, Discovery Call Booked",
                "correct": false,
                "explanation": "No. Discovery Call Booked means the call is in the calendar; Call Completed comes after the call has happened."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Which details should you get right on every new contact before you save it? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "A valid email address",
                "correct": true,
                "explanation": "Yes. A wrong email means every automated message bounces, and the CRM does not stop you saving it."
              },
              {
                "id": "b",
                "text": "A properly formatted phone number, area code included",
                "correct": true,
                "explanation": "Yes. The module’s example is (416) 555-0142; automations and newsletters can only reach clients whose details are right."
              },
              {
                "id": "c",
                "text": "The business partner type, changed from the default when someone else referred the client",
                "correct": true,
                "explanation": "Yes. It defaults to Bank; leaving that when a realtor referred the client hides the realtor’s value in your reports."
              },
              {
                "id": "d",
                "text": "The lender the client will use",
                "correct": false,
                "explanation": "No. Creating a contact and lead is about who the client is and where they came from; the lender comes much later, with the live deal."
              },
              {
                "id": "e",
                "text": "The stage on the mortgage board",
                "correct": false,
                "explanation": "No. A new contact belongs on the lead board. The mortgage board is reached automatically when an application starts."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "When a client starts a mortgage application, you drag their card from Call Completed to the mortgage board.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. You never drag a client to the mortgage board; the application starting is the trigger that moves them automatically."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. The CRM moves the client to the mortgage board automatically when the application starts."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "A realtor referred a new client to you. What should the contact’s business partner type be?",
            "options": [
              {
                "id": "a",
                "text": "Realtor",
                "correct": true,
                "explanation": "Right. Business partner type records who referred the client, so set it to Realtor and the realtor gets credit in your reports."
              },
              {
                "id": "b",
                "text": "Leave it on the default, Bank",
                "correct": false,
                "explanation": "No. Bank is only the default. Leaving it when a realtor referred the client hides that partner’s value."
              },
              {
                "id": "c",
                "text": "Past Client",
                "correct": false,
                "explanation": "No. Past Client is for referrals from your past clients; this referral came from a realtor."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "trueFalse",
            "prompt": "The CRM will refuse to save a contact whose email address is not valid.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. The CRM does not stop you saving bad details, which is why you must check them yourself."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. Nothing stops you saving a wrong email, and a wrong email means every automated message bounces."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "single",
            "prompt": "A lead you created does not appear on the lead board. What should you check first?",
            "options": [
              {
                "id": "a",
                "text": "That the lead has an active lead status",
                "correct": true,
                "explanation": "Right. Only leads with an active lead status appear on the lead board and in your follow-up tasks; an inactive lead is stored but out of sight."
              },
              {
                "id": "b",
                "text": "That the lead source is set to your website",
                "correct": false,
                "explanation": "No. Lead source is for reporting where clients come from; it does not decide whether the lead shows on the board."
              },
              {
                "id": "c",
                "text": "That an application has been started",
                "correct": false,
                "explanation": "No. Starting an application takes the client off the lead board and onto the mortgage board."
              },
              {
                "id": "d",
                "text": "That the business partner type is Bank",
                "correct": false,
                "explanation": "No. Business partner type records who referred the client; it does not hide or show the lead."
              }
            ]
          }
        ]
      }
    },
    {
      "id": "m4",
      "title": "Task Management",
      "navLabel": "Task Management",
      "description": "Plan your follow-ups with due dates, importance levels and checklists.",
      "minutes": 10,
      "introduction": "Deals are won in the follow-up. This module turns every promise you make to a client into a task with a due date, an importance level and a checklist, so nothing slips between the discovery call and funding.",
      "lessons": [
        {
          "id": "m4-l1",
          "title": "Tasks That Keep Every Deal Moving",
          "summary": "Create tasks against a client, set a due date and an importance level, park future tasks with the activation status, and break bigger jobs into checklist items.",
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
          "title": "Add a task from the client’s record",
          "detail": "Open the client’s record and click Add Task. Creating tasks from the record links them to the client, so anyone who opens the file sees what is outstanding. Title the task as the action: “Call Sam about pre-approval documents”, not “Sam”."
        },
        {
          "title": "Set the due date",
          "detail": "In the task, set the due date. Every task gets a due date: pick the day you will really do it, because overdue tasks turn red on your dashboard and in your task list."
        },
        {
          "title": "Choose the importance level",
          "detail": "In the task, set the importance level to High, Medium or Low. High is for anything that holds up a deal or a client’s deadline, such as a lender condition or an expiring rate hold. Medium is for this week’s work that does not stop a deal, such as sending a document list. Low is for work with a flexible date, such as tidying a contact’s notes."
        },
        {
          "title": "Park later work with the activation status",
          "detail": "Leave the activation status on Active for work you are doing now. Set it to Inactive for a task that only matters later, like a check-in after a closing. Give an inactive task a due date too, so you know when it matters: Inactive tasks do not appear on your daily list, even when that date arrives."
        },
        {
          "title": "Bring parked tasks back each Monday",
          "detail": "Open Tasks, filter by activation status to see your inactive tasks, and set each one due this week back to Active: only then does it join your daily list."
        },
        {
          "title": "Add checklist items",
          "detail": "For jobs with several parts, add checklist items: pay stubs, employment letter, notice of assessment, bank statements. Tick each one off as it arrives, and complete the task when every item is ticked."
        },
        {
          "title": "Work your task list each morning",
          "detail": "Open Tasks, sort by due date and importance level, and clear the High items first. For each red task, do it today or move the due date to the day you really will, and tell the client if a promise has changed. Complete a task as soon as it is done so the list stays true."
        }
      ],
      "importantReminders": [
        "A task without a due date never reminds you; always set one.",
        "Reserve the High importance level for deal-critical work, or everything becomes urgent and nothing is."
      ],
      "proTips": [
        "Create the next task before you close the current one, so every client always has a next step.",
        "Reuse the same checklist items for document collection on every deal, so a missing document stands out.",
        "Block 30 minutes at the start of each day for your task list before you open your inbox."
      ],
      "actionStep": {
        "title": "Build a document-collection task",
        "description": "On your purchase test client, create a task called “Collect application documents” with a due date three days from now, a High importance level, an Active activation status and at least four checklist items. Tick two of them off; Module 5 finishes the task."
      },
      "keyTakeaways": [
        "Every promise to a client becomes a task linked to their record.",
        "Clear High tasks first; a parked task waits until you set it back to Active.",
        "An overdue task turns red: do it today or reschedule it honestly."
      ],
      "knowledgeCheck": {
        "passMark": 80,
        "requirePass": false,
        "maxAttempts": null,
        "questions": [
          {
            "id": "q1",
            "kind": "single",
            "prompt": "What happens to a task whose due date passes before you complete it?",
            "options": [
              {
                "id": "a",
                "text": "It turns red on your dashboard and in your task list",
                "correct": true,
                "explanation": "Right. Overdue tasks turn red on your dashboard and in your task list, so a slipped promise is easy to see."
              },
              {
                "id": "b",
                "text": "The CRM deletes it automatically",
                "correct": false,
                "explanation": "No. Nothing is deleted; the task stays, turns red, and waits for you to do it or reschedule it."
              },
              {
                "id": "c",
                "text": "Its activation status changes to Inactive",
                "correct": false,
                "explanation": "No. Activation status only changes when you change it. An overdue task stays active and turns red."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Which of these deserve the High importance level? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "A lender condition that holds up a deal",
                "correct": true,
                "explanation": "Yes. High is for anything that holds up a deal or a client’s deadline, and a lender condition is the module’s own example."
              },
              {
                "id": "b",
                "text": "An expiring rate hold",
                "correct": true,
                "explanation": "Yes. A rate hold running out is a client deadline, so it is High."
              },
              {
                "id": "c",
                "text": "A check-in with a client a month after closing",
                "correct": false,
                "explanation": "No. That is a task that only matters later: park it with an Inactive activation status and activate it when the time comes."
              },
              {
                "id": "d",
                "text": "Tidying a contact’s notes",
                "correct": false,
                "explanation": "No. That is useful but flexible, which makes it Low. Reserve High for deal-critical work, or everything becomes urgent and nothing is."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "Tasks with an Inactive activation status still appear on your daily task list.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Inactive tasks are parked: they do not appear on your daily list until you set them back to Active."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. Inactive tasks do not appear on your daily list, so check the activation status if a task seems to have vanished."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "Where should you create a task so that anyone who opens the client’s file sees what is outstanding?",
            "options": [
              {
                "id": "a",
                "text": "On the client’s record, with Add Task",
                "correct": true,
                "explanation": "Right. Creating tasks from the record links them to the client, so anyone who opens the file sees what is outstanding."
              },
              {
                "id": "b",
                "text": "In your email inbox as a flagged message",
                "correct": false,
                "explanation": "No. A flagged email is not linked to the client in the CRM and never appears on your task list or dashboard."
              },
              {
                "id": "c",
                "text": "On a sticky note next to the client’s card",
                "correct": false,
                "explanation": "No. Nothing outside the CRM reminds you or shows your team what is outstanding. Create the task from the client’s record."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "multiple",
            "prompt": "You need to collect an applicant’s pay stubs, employment letter, notice of assessment and bank statements. Which steps match the module? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "Create one task with a checklist item for each document",
                "correct": true,
                "explanation": "Yes. Jobs with several parts get checklist items, and the task shows how many are done."
              },
              {
                "id": "b",
                "text": "Tick each checklist item off as the document arrives",
                "correct": true,
                "explanation": "Yes. Ticking items off as they arrive keeps the count true and makes the missing documents obvious."
              },
              {
                "id": "c",
                "text": "Give the task a due date",
                "correct": true,
                "explanation": "Yes. Every task gets a due date; a task without one never reminds you."
              },
              {
                "id": "d",
                "text": "Title the task with the client’s first name only, such as Sam",
                "correct": false,
                "explanation": "No. Write the title as the thing to do, such as Call Sam about pre-approval documents, so you know what to do without opening it."
              },
              {
                "id": "e",
                "text": "Complete the task when the first document arrives",
                "correct": false,
                "explanation": "No. The task is finished when every checklist item is ticked; complete it then, not before."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "trueFalse",
            "prompt": "An inactive task should also have a due date, so you know when to set it back to Active.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. A parked task without a date is easily forgotten; the due date tells you when to activate it."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. The module says to give an inactive task a due date too, so you know when it matters."
              }
            ]
          }
        ]
      }
    },
    {
      "id": "m5",
      "title": "Managing the Live Deal Dashboard",
      "navLabel": "Live Deal Dashboard",
      "description": "Track every live deal from application to funding, and handle deals that are lost.",
      "minutes": 12,
      "introduction": "Once an application starts, the client’s card is on the mortgage board: the live deal dashboard of this module’s title. This module walks the stages from application to funded mortgage, shows the two moves the CRM makes for you, and handles the deals that leave that path.",
      "lessons": [
        {
          "id": "m5-l1",
          "title": "From Application to Funded: Managing Live Deals",
          "summary": "Follow a deal through every live deal stage, learn the loss stages and the follow-up emails each one sends, and set up the renewal and payment checks on funded deals.",
          "video": null,
          "durationText": "12 min",
          "keyPoints": [
            "The live deal stages in order: Borrower Editing App, New App Created Internally, App Received, Waiting on Documents, Docs Received, Need to Submit Live Deal (refinance or switch), Out to Lender, Commitment, Approval Package, Instructed, Funded",
            "Out to Lender is set automatically after you submit the deal",
            "The loss stages: Mortgage Lost/Cancelled, Decline to Action, Do Not Qualify, On Hold, Ready for Compliance",
            "DNQ follow-up emails at 3, 6 and 12 months",
            "A renewal email 120 days before renewal and a payment check 10 days after compliance"
          ]
        }
      ],
      "guide": [
        {
          "title": "Open the mortgage board",
          "detail": "Click the mortgage board in the left-hand menu. Every client whose application has started is a card in the stage it has reached."
        },
        {
          "title": "Follow the application stages",
          "detail": "On the mortgage board, a deal starts in Borrower Editing App while the client fills in the online application, or in New App Created Internally when you enter it for them. Drag it to App Received when the application is complete, then to Waiting on Documents while you collect paperwork, and to Docs Received once everything is in."
        },
        {
          "title": "Keep Waiting on Documents honest",
          "detail": "While a deal sits in Waiting on Documents, work its document-collection task from Module 4, one checklist item per missing document. Drag the card to Docs Received only when the last item is ticked: a deal moved early hides what is still missing."
        },
        {
          "title": "Submit the deal",
          "detail": "Drag a refinance or a switch to Need to Submit Live Deal (refinance or switch) when it is ready for the lender; a purchase is submitted straight from Docs Received. After you submit it, the CRM sets Out to Lender automatically: never drag a card into that stage. If the card has not reached Out to Lender, the submission did not go through: check it and submit again."
        },
        {
          "title": "Track the lender’s answer to funding",
          "detail": "When the lender approves, drag the card to Commitment. Drag it to Approval Package when you send the package to the client to sign, to Instructed once the lawyer or notary has instructions, and to Funded on the day the money moves, not the day it is approved. Every move after Out to Lender is yours, and the follow-up emails read the stage the card is in."
        },
        {
          "title": "Choose the right loss stage",
          "detail": "When a deal will not fund, drag its card to the loss stage that tells the truth: Mortgage Lost/Cancelled when the client went elsewhere or walked away, Decline to Action when you chose not to proceed, Do Not Qualify when the client cannot qualify today, and On Hold when the client has paused, for example while they keep house hunting, but could go ahead."
        },
        {
          "title": "Close the file in Ready for Compliance",
          "detail": "Ready for Compliance is listed with the loss stages because a card there has left the live deal path, but it is not a lost deal: it is where a closed file waits for its compliance review. Drag a funded deal there once its file is complete; a lost deal whose file needs a review goes there too."
        },
        {
          "title": "Let DNQ follow-up work for you",
          "detail": "A client in Do Not Qualify (DNQ) is a future deal. The CRM sends DNQ follow-up emails at 3, 6 and 12 months, inviting them to check in as their credit, income or savings improve; open the client’s record to see them scheduled."
        },
        {
          "title": "Check the renewal and payment dates",
          "detail": "On each funded client’s record, check the renewal date: the CRM sends a renewal email 120 days before renewal, so your options reach the client before the lender’s renewal offer does. It also creates a payment check 10 days after compliance, so you confirm your commission has been paid."
        }
      ],
      "importantReminders": [
        "A wrong renewal date on a funded deal sends the renewal email at the wrong time.",
        "Do not skip the payment check: an unpaid commission is easiest to chase early."
      ],
      "proTips": [
        "Review the Waiting on Documents column every morning: each card there is waiting on you or on the client.",
        "Call a Do Not Qualify client yourself the week after their 3-month email.",
        "Filter the board by lender to see how much business each one has with you before you negotiate."
      ],
      "actionStep": {
        "title": "Walk your test clients through the mortgage board",
        "description": "Take your purchase test client from New App Created Internally to Funded, then to Ready for Compliance. Take your switch test client through submission to Out to Lender and leave it there for Module 7. Move your refinance test client to Do Not Qualify and find the DNQ follow-up emails on its record, addressed to you."
      },
      "keyTakeaways": [
        "Two moves are automatic: onto the mortgage board when an application starts, and to Out to Lender after submission. Every other move is yours.",
        "The loss stage you choose decides the follow-up a client gets.",
        "Funded deals get a renewal email and a payment check: keep their dates right."
      ],
      "knowledgeCheck": {
        "passMark": 80,
        "requirePass": false,
        "maxAttempts": null,
        "questions": [
          {
            "id": "q1",
            "kind": "single",
            "prompt": "Which live deal stage does the CRM set automatically after you submit the deal?",
            "options": [
              {
                "id": "a",
                "text": "Out to Lender",
                "correct": true,
                "explanation": "Right. After you submit the deal, the CRM sets Out to Lender automatically; you never drag a card into that stage."
              },
              {
                "id": "b",
                "text": "Need to Submit Live Deal",
                "correct": false,
                "explanation": "No. You move the deal to Need to Submit Live Deal yourself when it is ready for the lender; Out to Lender follows automatically after submission."
              },
              {
                "id": "c",
                "text": "Commitment",
                "correct": false,
                "explanation": "No. You move the deal to Commitment yourself when the lender approves."
              },
              {
                "id": "d",
                "text": "Instructed",
                "correct": false,
                "explanation": "No. You move the deal to Instructed once the lawyer or notary has instructions."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Which of these are loss stages on the live deal dashboard? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "Mortgage Lost/Cancelled",
                "correct": true,
                "explanation": "Yes. Use it when the client went elsewhere or walked away."
              },
              {
                "id": "b",
                "text": "Do Not Qualify",
                "correct": true,
                "explanation": "Yes. Use it when the client cannot qualify today; it starts the DNQ follow-up emails."
              },
              {
                "id": "c",
                "text": "On Hold",
                "correct": true,
                "explanation": "Yes. Use it when the client has paused."
              },
              {
                "id": "d",
                "text": "Waiting on Documents",
                "correct": false,
                "explanation": "No. Waiting on Documents is a live deal stage: the deal is moving, you are collecting paperwork."
              },
              {
                "id": "e",
                "text": "Instructed",
                "correct": false,
                "explanation": "No. Instructed is a live deal stage near the end: the lawyer or notary has instructions and funding is next."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "After a client is marked Do Not Qualify, the CRM sends DNQ follow-up emails at 3, 6 and 12 months.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. DNQ follow-up emails go out at 3, 6 and 12 months, inviting the client to check in as their situation improves."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. The CRM sends DNQ follow-up emails at 3, 6 and 12 months."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "The client’s application is complete and you are now collecting their paperwork. Which stage should the deal be in?",
            "options": [
              {
                "id": "a",
                "text": "Waiting on Documents",
                "correct": true,
                "explanation": "Right. After App Received, the deal moves to Waiting on Documents while you collect paperwork, and to Docs Received once everything is in."
              },
              {
                "id": "b",
                "text": "Borrower Editing App",
                "correct": false,
                "explanation": "No. Borrower Editing App is for while the client is still filling in the online application."
              },
              {
                "id": "c",
                "text": "Docs Received",
                "correct": false,
                "explanation": "Not yet. Docs Received is for when everything is in; move the card there only when the last document arrives."
              },
              {
                "id": "d",
                "text": "Out to Lender",
                "correct": false,
                "explanation": "No. Out to Lender is set automatically after you submit the deal, which comes after the documents are in."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "trueFalse",
            "prompt": "The CRM sends a funded client’s renewal email 30 days before their renewal.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. The renewal email goes out 120 days before renewal, early enough to win it before the lender’s offer arrives."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. The CRM sends the renewal email 120 days before renewal, not 30."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "single",
            "prompt": "When does the CRM create the payment check that confirms your commission has been paid?",
            "options": [
              {
                "id": "a",
                "text": "10 days after compliance",
                "correct": true,
                "explanation": "Right. The payment check comes 10 days after compliance; unpaid commissions are easiest to chase early."
              },
              {
                "id": "b",
                "text": "On the day the deal is submitted",
                "correct": false,
                "explanation": "No. Nothing has been paid at submission. The payment check is created 10 days after compliance."
              },
              {
                "id": "c",
                "text": "120 days before renewal",
                "correct": false,
                "explanation": "No. 120 days before renewal is when the renewal email goes out. The payment check is 10 days after compliance."
              }
            ]
          }
        ]
      }
    },
    {
      "id": "m6",
      "title": "Other Custom Boards",
      "navLabel": "Custom Boards",
      "description": "Build custom Kanban views for the parts of your business the standard boards miss.",
      "minutes": 8,
      "introduction": "The lead and mortgage boards cover your pipeline, but not all of your business. This module shows you how to build custom Kanban views for the rest: renewals, realtor referrals, commercial files or anything you track in a spreadsheet today.",
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
          "detail": "Choose one process you track outside the CRM today, for example upcoming renewals or the clients realtors refer to you. Check the lead board and the mortgage board first: if a step is already a status or stage there, track it there instead."
        },
        {
          "title": "Create a custom view",
          "detail": "Open the boards menu, click New Custom View and choose the Kanban format. Give the board a name your whole team will understand, such as “Upcoming Renewals”."
        },
        {
          "title": "Add your columns",
          "detail": "Add one column for each real step of the process, left to right in the order the work happens. For renewals: 120 Days Out, Contacted, Options Sent, Renewed. Four to six columns is usually enough; if two steps always happen together, make them one column."
        },
        {
          "title": "Choose which contacts appear",
          "detail": "Open the board’s filter and set which contacts show, for example contacts with a renewal date in the next six months. A contact you expect but cannot see has a field that does not match: a contact appears only when it matches the filter."
        },
        {
          "title": "Move cards as work happens",
          "detail": "On your custom board, drag a card to the next column when the step is done, as on the lead board. The board becomes the live picture of that part of your business."
        },
        {
          "title": "Example: a realtor referral board",
          "detail": "In the boards menu, create a board filtered to contacts whose business partner type is Realtor. Business partner type records who referred each client, so the board shows every client realtors have sent you. Add columns such as Referred, Realtor Thanked, Approval Shared and Closed, and move each client as you keep the referring realtor informed."
        }
      ],
      "importantReminders": [
        "A custom board shows contacts that already exist in the CRM; it does not create new ones.",
        "Keep each custom Kanban view to one process; a board that tracks everything tells you nothing.",
        "Agree on board and column names with your team before you build, so everyone reads them the same way."
      ],
      "proTips": [
        "Start from a process you already run on paper: its steps are your columns.",
        "Review each custom board once a week; archive cards that have not moved in a month.",
        "On a renewal board, make the first column 120 Days Out so it lines up with the renewal email of Module 5."
      ],
      "actionStep": {
        "title": "Build your first custom board",
        "description": "Build the realtor referral board: a custom view in Kanban format, filtered to contacts whose business partner type is Realtor, with four to six columns. Your purchase test client should appear on it; move it across one column."
      },
      "keyTakeaways": [
        "Custom Kanban views bring the rest of your business into the CRM.",
        "Filters decide which contacts each custom board shows.",
        "Columns mirror the real steps of one process, left to right."
      ],
      "knowledgeCheck": {
        "passMark": 80,
        "requirePass": false,
        "maxAttempts": null,
        "questions": [
          {
            "id": "q1",
            "kind": "single",
            "prompt": "Which format do you choose when you create a custom view in this module?",
            "options": [
              {
                "id": "a",
                "text": "Kanban",
                "correct": true,
                "explanation": "Right. You click New Custom View and choose the Kanban format, so the board has columns for steps and a card for each client."
              },
              {
                "id": "b",
                "text": "A spreadsheet export",
                "correct": false,
                "explanation": "No. The point of a custom board is to move the process you track in a spreadsheet today into a Kanban view in the CRM."
              },
              {
                "id": "c",
                "text": "A monthly newsletter template",
                "correct": false,
                "explanation": "No. Templates are for emails (Module 8). A custom view is a board in the Kanban format."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Which statements about custom boards are correct? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "A custom board shows contacts that already exist in the CRM",
                "correct": true,
                "explanation": "Yes. A custom board does not create contacts; it shows existing ones."
              },
              {
                "id": "b",
                "text": "The board’s filter decides which contacts appear on it",
                "correct": true,
                "explanation": "Yes. Filters decide which contacts each custom board shows, for example contacts with a renewal date in the next six months."
              },
              {
                "id": "c",
                "text": "Adding a column creates a new contact for that step",
                "correct": false,
                "explanation": "No. Columns are the steps of your process. A custom board never creates contacts; it shows contacts that already exist."
              },
              {
                "id": "d",
                "text": "One custom board should track every process in your business",
                "correct": false,
                "explanation": "No. Keep each custom Kanban view to one process; a board that tracks everything tells you nothing."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "Four to six columns is usually enough for a custom board.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. One column per real step, left to right, and four to six is usually enough."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. The module says four to six columns is usually enough."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "You built a renewals board filtered to contacts with a renewal date in the next six months, but one client you expected is missing. What is the likely cause?",
            "options": [
              {
                "id": "a",
                "text": "The client’s record does not match the filter, for example the renewal date is missing",
                "correct": true,
                "explanation": "Right. A contact appears only when it matches the board’s filter, so check the client’s details against it."
              },
              {
                "id": "b",
                "text": "Custom boards show only contacts created after the board was built",
                "correct": false,
                "explanation": "No. A custom board shows contacts that already exist in the CRM, whenever they were created."
              },
              {
                "id": "c",
                "text": "The board has too few columns",
                "correct": false,
                "explanation": "No. The columns are the steps of the process; which contacts appear is decided by the filter."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "multiple",
            "prompt": "You want a board that tracks your relationships with realtors. Which set-up matches the module? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "Filter the board to contacts whose business partner type is Realtor",
                "correct": true,
                "explanation": "Yes. The filter decides who appears, and business partner type is how the CRM records realtors."
              },
              {
                "id": "b",
                "text": "Add columns such as Introduced, Coffee Booked, First Referral and Regular Referrer",
                "correct": true,
                "explanation": "Yes. Each column is a real step in the relationship, left to right."
              },
              {
                "id": "c",
                "text": "Leave the filter empty so every contact shows",
                "correct": false,
                "explanation": "No. An empty filter fills the board with every client; the filter is what makes it a realtor board."
              },
              {
                "id": "d",
                "text": "Create each realtor as a new contact from inside the board",
                "correct": false,
                "explanation": "No. A custom board shows contacts that already exist in the CRM; it does not create new ones."
              }
            ]
          }
        ]
      }
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
          "summary": "Create the custom view your automations will run on, check that you have the right to edit it, and plan the trigger for each column.",
          "video": null,
          "durationText": "9 min",
          "keyPoints": [
            "Checking your edit rights before you build",
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
          "detail": "Open the boards menu. If the Edit and Automations buttons are greyed out, you can see the board but you do not have permission to edit the custom view: ask the account owner or administrator to give you edit rights to that view in team settings, rather than building a copy."
        },
        {
          "title": "Create the custom automations view",
          "detail": "In the boards menu, click New Custom View, choose the Kanban format and name it after the journey it automates, for example “Post-Funding Client Care”."
        },
        {
          "title": "Add columns for each step of the journey",
          "detail": "Add a column for each step a client passes through: Funded, Thank-You Sent, Review Requested, 6-Month Check-In. Each column will have its own automation."
        },
        {
          "title": "Choose a trigger for each column",
          "detail": "Open the column’s Automations panel and pick what moves a client into it: a stage change on another board (the card reaches the stage you chose, such as Funded on the mortgage board), a number of days after a date on the client’s record (such as two days after funding), or a task being completed."
        },
        {
          "title": "Choose the action",
          "detail": "In the same panel, pick what happens when a card arrives: send an email template, create a task for you or your assistant, or both. Read the column as one sentence: when the trigger happens, the card moves here and the action runs. If it takes two sentences, split the column in two."
        },
        {
          "title": "Test with a test client",
          "detail": "On the mortgage board, drag your switch test client from Out to Lender through Commitment, Approval Package and Instructed to Funded, and watch it enter the view. Its email address is yours (Module 3), so read every email the automations send in your own inbox, as a client would, and check every task they create before real clients reach the view."
        },
        {
          "title": "Switch on and review",
          "detail": "Turn the automations on. Look at the view weekly for the first month, and pause any automation that does something you did not expect rather than deleting it: pausing keeps the trigger and the action, so you can correct it and switch it back on."
        }
      ],
      "importantReminders": [
        "Always test an automation on a test client first: an automated email sent to your whole database cannot be unsent.",
        "One trigger and one action per column keeps automations easy to understand and fix."
      ],
      "proTips": [
        "Write down the journey on paper first, column by column, before you open the Automations panel.",
        "Name automations after what they do (“Send thank-you 2 days after funding”) so your team can read the view at a glance.",
        "Keep edit rights to an automations view with one or two people; everyone else can still see the board."
      ],
      "actionStep": {
        "title": "Automate your post-funding thank-you",
        "description": "Build a custom automations view with at least three columns. Add an automation that sends a thank-you email two days after funding, and test it end to end with your switch test client."
      },
      "keyTakeaways": [
        "Custom automations views move clients and send messages without you touching the card.",
        "You need permission to edit the custom view before you can automate it.",
        "Test on a test client, switch on, review weekly, and pause an automation rather than delete it."
      ],
      "knowledgeCheck": {
        "passMark": 80,
        "requirePass": false,
        "maxAttempts": null,
        "questions": [
          {
            "id": "q1",
            "kind": "single",
            "prompt": "The Edit and Automations buttons on a custom view are greyed out for you. What should you do?",
            "options": [
              {
                "id": "a",
                "text": "Ask the account owner or administrator to give you edit rights to that view in team settings",
                "correct": true,
                "explanation": "Right. You need permission to edit the custom view before you can add automations; the account owner or administrator grants it in team settings."
              },
              {
                "id": "b",
                "text": "Build a copy of the view and automate the copy instead",
                "correct": false,
                "explanation": "No. A copy splits your clients across two boards. Ask for edit rights to the view itself."
              },
              {
                "id": "c",
                "text": "Add the automations from the client’s record instead",
                "correct": false,
                "explanation": "No. Automations are added in a column’s Automations panel on the view, which needs permission to edit the view."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Which of these can trigger an automation in a custom automations view? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "A stage change on another board",
                "correct": true,
                "explanation": "Yes. For example, a card reaching Funded on the mortgage board."
              },
              {
                "id": "b",
                "text": "A number of days after a date",
                "correct": true,
                "explanation": "Yes. For example, two days after funding."
              },
              {
                "id": "c",
                "text": "A task being completed",
                "correct": true,
                "explanation": "Yes. The automation fires when the task you chose is marked complete."
              },
              {
                "id": "d",
                "text": "A client replying to an email",
                "correct": false,
                "explanation": "No. The module teaches three triggers: a stage change, a date, and a task being completed. A reply is not one of them."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "The module recommends giving each column one trigger and one action.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. One trigger and one action per column keeps automations easy to understand and fix."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. Every column gets one trigger and one action; if a column needs more, split it into two columns."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "A live automation sends an email you did not expect. What does the module advise?",
            "options": [
              {
                "id": "a",
                "text": "Pause the automation, correct it, then switch it back on",
                "correct": true,
                "explanation": "Right. Pause any automation that does something you did not expect rather than deleting it; pausing keeps its trigger and action."
              },
              {
                "id": "b",
                "text": "Delete the automation and the view",
                "correct": false,
                "explanation": "No. Deleting loses the set-up. Pause it instead, fix it and switch it back on."
              },
              {
                "id": "c",
                "text": "Leave it running until the weekly review",
                "correct": false,
                "explanation": "No. An automated email cannot be unsent, so pause it as soon as you see it misbehave."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "trueFalse",
            "prompt": "It is safe to test a new automation by switching it on for all your real clients and reading the first emails that go out.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. An automated email sent to your whole database cannot be unsent, so test on a test client first."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. Always test an automation on a test client first, then switch it on for real clients."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "multiple",
            "prompt": "Which actions can a column run when a card arrives in it? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "Send an email template",
                "correct": true,
                "explanation": "Yes. Sending an email template is one of the actions, for example a thank-you email after funding."
              },
              {
                "id": "b",
                "text": "Create a task for you or your assistant",
                "correct": true,
                "explanation": "Yes. A column can create a task, so a person follows up where an email is not enough."
              },
              {
                "id": "c",
                "text": "Delete the client’s contact record",
                "correct": false,
                "explanation": "No. The module’s actions are moving the card, sending an email template and creating a task; none of them removes a contact."
              },
              {
                "id": "d",
                "text": "Change the client’s business partner type",
                "correct": false,
                "explanation": "No. Business partner type is set on the contact (Module 3). The actions taught here are moving the card, sending an email template and creating a task."
              }
            ]
          }
        ]
      }
    },
    {
      "id": "m8",
      "title": "Monthly Newsletter",
      "navLabel": "Monthly Newsletter",
      "description": "Write a newsletter template with merge fields and send it to your database safely.",
      "minutes": 10,
      "introduction": "A monthly newsletter keeps you in touch with every past client, partner and lead in your database. This final module shows you how to write it once as an email template with merge fields and send it safely, even to a large database.",
      "lessons": [
        {
          "id": "m8-l1",
          "title": "Sending Your Monthly Newsletter",
          "summary": "Build a reusable email template with merge fields, choose who receives it, and send it in batches so it reaches inboxes rather than spam folders.",
          "video": null,
          "durationText": "10 min",
          "keyPoints": [
            "One topic and one call to action each month",
            "Writing email templates with merge fields such as first name",
            "Choosing the contacts who receive it",
            "Sending a large database in batches"
          ]
        }
      ],
      "guide": [
        {
          "title": "Create an email template",
          "detail": "Open Email Templates and click New Template. Name it with the month, for example “Newsletter – March”. Write one useful topic (a rate update, a first-time buyer tip, a renewal reminder), a subject line that makes its value clear, and one call to action, such as booking a review call, in the first three lines, so a client who reads only the preview on their phone still sees it."
        },
        {
          "title": "Personalise with merge fields",
          "detail": "In the template, insert merge fields instead of typing names: {{first_name}} in the greeting and your own details in the sign-off. The CRM fills them in for each contact when the newsletter sends. A merge field can only fill in what the contact’s record holds, so fix a record saved without a first name before you send."
        },
        {
          "title": "Preview and send a test",
          "detail": "Click Preview and choose your purchase test client to check every merge field fills in, then send a test to yourself and read it on your phone. Do this before every send, not only the first: an edited template can break a merge field that worked last month."
        },
        {
          "title": "Choose your recipients",
          "detail": "Select the contacts who should receive it: past clients, active leads and business partners such as realtors, for whom it is a reminder to refer clients to you. Leave out anyone who has unsubscribed, and your three test clients."
        },
        {
          "title": "Send in batches for a large database",
          "detail": "If your database has 2,000 or more contacts, send in batches over several days rather than all at once: a large single send is more likely to land in spam folders. Split the recipients into batches of similar size and send one a day; 2,400 contacts, for example, could go out as three batches of 800 over three days."
        },
        {
          "title": "Reuse the template next month",
          "detail": "Next month, open last month’s template in Email Templates and change only the name, the subject line, the topic and the call to action; the merge fields and the sign-off stay as they are."
        }
      ],
      "importantReminders": [
        "Only send to contacts who have agreed to hear from you, and honour every unsubscribe at once.",
        "A greeting that reads “Hi {{first_name}}” undoes the personal touch: the preview shows it before your clients do."
      ],
      "proTips": [
        "Send on the same day each month so clients come to expect you.",
        "Watch which newsletters bring replies and booked calls, and write more like those."
      ],
      "actionStep": {
        "title": "Send your first monthly newsletter",
        "description": "Write this month’s newsletter as an email template with at least two merge fields, send a test to yourself, then send it to your contacts, in batches over several days if your database has 2,000 or more contacts."
      },
      "keyTakeaways": [
        "A monthly newsletter keeps you in touch with every past client and partner.",
        "Merge fields make one message personal for everyone, but fill in only what each record holds.",
        "Preview and test before every send, and split a large database into daily batches."
      ],
      "knowledgeCheck": {
        "passMark": 80,
        "requirePass": false,
        "maxAttempts": null,
        "questions": [
          {
            "id": "q1",
            "kind": "single",
            "prompt": "From what database size should you send your newsletter in batches over several days?",
            "options": [
              {
                "id": "a",
                "text": "2,000 or more contacts",
                "correct": true,
                "explanation": "Right. If your database has 2,000 or more contacts, send in batches over several days rather than all at once."
              },
              {
                "id": "b",
                "text": "200 or more contacts",
                "correct": false,
                "explanation": "No. The module’s threshold is 2,000 or more contacts; a few hundred can go in one send."
              },
              {
                "id": "c",
                "text": "Only above 20,000 contacts",
                "correct": false,
                "explanation": "No. Batching starts at 2,000 or more contacts, well below that."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Who should receive your monthly newsletter? Select all that apply.",
            "options": [
              {
                "id": "a",
                "text": "Past clients",
                "correct": true,
                "explanation": "Yes. Past clients are the heart of repeat and referral business."
              },
              {
                "id": "b",
                "text": "Active leads",
                "correct": true,
                "explanation": "Yes. The newsletter keeps you top of mind while a lead decides."
              },
              {
                "id": "c",
                "text": "Business partners",
                "correct": true,
                "explanation": "Yes. A newsletter that reaches a partner such as a realtor is a reminder to refer clients to you."
              },
              {
                "id": "d",
                "text": "Contacts who have unsubscribed",
                "correct": false,
                "explanation": "No. Leave out anyone who has unsubscribed, and honour every unsubscribe at once."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "Merge fields such as first name are filled in by the CRM for each contact when the newsletter sends.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. You insert merge fields instead of typing names, and the CRM fills them in for each contact when it sends."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. The CRM fills in the merge fields for each contact when the newsletter sends."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "Why do you preview the template against a real contact before you send?",
            "options": [
              {
                "id": "a",
                "text": "To check that every merge field fills in",
                "correct": true,
                "explanation": "Right. A greeting that reads Hi followed by an unfilled merge field undoes the personal touch, so check every merge field in the preview."
              },
              {
                "id": "b",
                "text": "To send the newsletter to that contact first",
                "correct": false,
                "explanation": "No. A preview sends nothing. The test email you send afterwards goes to yourself."
              },
              {
                "id": "c",
                "text": "To unsubscribe that contact from future sends",
                "correct": false,
                "explanation": "No. Previewing changes nothing about the contact; it shows you how the template looks with their details."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "trueFalse",
            "prompt": "Sending to your whole database in one large send is the safest way to reach inboxes.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Large single sends are the fastest way to land in spam folders."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. Large single sends are the fastest way to land in spam folders; with 2,000 or more contacts, send in batches over several days."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "single",
            "prompt": "A contact was saved without a first name. What will their newsletter greeting look like?",
            "options": [
              {
                "id": "a",
                "text": "It will have no first name in it, because a merge field fills in only what the record holds",
                "correct": true,
                "explanation": "Right. Merge fields fill in only what the contact’s record holds, so fix the record before you send."
              },
              {
                "id": "b",
                "text": "The CRM will guess the name from the email address",
                "correct": false,
                "explanation": "No. The module says a merge field fills in only what the record holds; nothing is guessed."
              },
              {
                "id": "c",
                "text": "The CRM will skip that contact automatically",
                "correct": false,
                "explanation": "No. The contact still receives the newsletter; the greeting simply has no first name in it, which is why you fix the record before you send."
              }
            ]
          }
        ]
      }
    }
  ]
}$course$::jsonb, ARRAY['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']::text[], 'Guides edited for a busy broker', 'Seed'
WHERE (SELECT max("version") FROM "course_version") = 2
  AND EXISTS (
    SELECT 1 FROM "course_version"
    WHERE "version" = 2 AND "published_by" IS NULL AND "published_by_name" = 'Seed'
      AND "note" = 'Knowledge checks and deeper guides' AND "restored_from" IS NULL
  )
  AND (SELECT count(*) FROM "course_module_draft") = 8
  AND NOT EXISTS (
    SELECT 1 FROM "course_module_draft"
    WHERE "revision" <> 2 OR "is_removed" OR "updated_by" IS NOT NULL OR "updated_by_name" <> 'Seed'
  );
--> statement-breakpoint
-- The draft follows the version it was made from, as a publish leaves it.
UPDATE "course_module_draft"
SET "content" = "modules"."module" - 'id', "position" = "modules"."position"::integer, "revision" = 3,
    "updated_at" = "course_version"."published_at", "updated_by" = NULL, "updated_by_name" = 'Seed'
FROM "course_version", jsonb_array_elements("course_version"."document" -> 'modules') WITH ORDINALITY AS "modules" ("module", "position")
WHERE "course_version"."version" = 3 AND "course_version"."published_by_name" = 'Seed'
  AND "course_version"."note" = 'Guides edited for a busy broker'
  AND "course_module_draft"."id" = "modules"."module" ->> 'id' AND "course_module_draft"."revision" = 2;
