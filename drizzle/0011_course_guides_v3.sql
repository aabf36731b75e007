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
            "prompt": "You sent yourself a test email after connecting your mailbox, and after a few minutes it has not arrived. What do you do first?",
            "options": [
              {
                "id": "n2c958",
                "text": "Remove links from your signature and test again",
                "correct": false,
                "explanation": "No. The signature does not stop a test from arriving. Check your spam folder, then whether the mailbox shows as connected."
              },
              {
                "id": "83kpqu",
                "text": "Look in your spam folder, then check the mailbox shows as connected",
                "correct": true,
                "explanation": "Right. A test that lands in spam is easy to miss, so look there first. If it is not there, the mailbox may not be connected, or its connection was refused or has expired, and no client email leaves the CRM until you reconnect it."
              },
              {
                "id": "wija6y",
                "text": "Point the reply-to address at another mailbox and test again",
                "correct": false,
                "explanation": "No. Changing where answers go does nothing for an email that never left the CRM. Check your spam folder, then the mailbox connection."
              },
              {
                "id": "z4prz7",
                "text": "Carry on with client emails: the test may simply arrive later",
                "correct": false,
                "explanation": "No. A missing test is the only warning you get: with a mailbox that is not connected, client emails silently never leave the CRM. Find out why before any client email depends on it."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Which of these belong in the email signature the module has you create? Select all that apply.",
            "options": [
              {
                "id": "84lszq",
                "text": "Your online booking link",
                "correct": true,
                "explanation": "Yes. A booking link turns every email into a chance for the client to book a call."
              },
              {
                "id": "hgo0sy",
                "text": "Your licence number",
                "correct": true,
                "explanation": "Yes. Your regulator may require your licence details on client emails, so the signature carries them."
              },
              {
                "id": "6eopar",
                "text": "The lenders you work with",
                "correct": false,
                "explanation": "No. A list of lenders makes the signature long; keep it to name, brokerage, licence number, phone number and booking link."
              },
              {
                "id": "achwh4",
                "text": "This month’s best fixed rate",
                "correct": false,
                "explanation": "No. The signature should stay short and stable; a rate changes weekly and would be out of date on every email already sent. Rate news belongs in your newsletter."
              },
              {
                "id": "t0jocl",
                "text": "The name of your brokerage",
                "correct": true,
                "explanation": "Yes. Name, brokerage, licence number, phone number and booking link make up the signature."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "If your settings saved but the test email arrives from a generic system address, your mailbox is connected.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Saved settings are not proof: an email from a generic system address means the mailbox is not connected yet. Reconnect it and send a new test until one arrives from your own address."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. Only a test that arrives from your own address proves the mailbox is connected; a generic system address means it is not, even when the rest of your settings saved."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "Which login do you use to sign in to the CRM itself?",
            "options": [
              {
                "id": "2lgfj7",
                "text": "The login of your own CRM account",
                "correct": true,
                "explanation": "Right. The CRM has its own account and login. The details in your course welcome email open this course, not the CRM."
              },
              {
                "id": "yk2urv",
                "text": "Your mailbox password",
                "correct": false,
                "explanation": "No. Your mailbox password stays with your email provider; you connect the mailbox to the CRM once, in its settings, after you have signed in with your CRM account’s own login."
              },
              {
                "id": "x2ib8q",
                "text": "The login details from your course welcome email",
                "correct": false,
                "explanation": "No. Those details open this course, not the CRM. Sign in to the CRM with your CRM account’s own login."
              },
              {
                "id": "xgax8f",
                "text": "Your brokerage administrator’s login",
                "correct": false,
                "explanation": "No. Signing in as someone else gives you their rights and puts your work under their name. Use your CRM account’s own login."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "single",
            "prompt": "Clients’ answers to your CRM emails are not showing on their records. Which setting do you check?",
            "options": [
              {
                "id": "gdwxr8",
                "text": "The reply-to address",
                "correct": true,
                "explanation": "Right. The reply-to address decides where client answers go. Set it to the mailbox you connected, so answers land in your inbox and are logged against the client’s record."
              },
              {
                "id": "zclmz6",
                "text": "Your notification preferences",
                "correct": false,
                "explanation": "No. Notifications decide which events alert you; answers reach the client’s record only through the reply-to address."
              },
              {
                "id": "89vb1f",
                "text": "The sender name",
                "correct": false,
                "explanation": "No. The sender name is what clients see in their inbox; it does not decide where their answers go."
              },
              {
                "id": "9wpt6r",
                "text": "Your business hours",
                "correct": false,
                "explanation": "No. Business hours decide when reminders and automated emails go out, not where answers arrive."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "trueFalse",
            "prompt": "Your email signature also appears on the task reminders the CRM sends for you.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. The signature travels with every email, task reminder and newsletter the CRM sends for you, which is why it must be short and correct."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. The signature is not only on emails you write: it appears on every email, task reminder and newsletter the CRM sends for you."
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
            "prompt": "A client says they are already in your CRM, but searching their name finds nothing. What do you do before creating a contact?",
            "options": [
              {
                "id": "l4gzqs",
                "text": "Scroll the lead board until you find their card",
                "correct": false,
                "explanation": "No. That finds only clients who are on the lead board, and it is slow. Search by email address or phone number instead."
              },
              {
                "id": "q63fj5",
                "text": "Search again by their email address or phone number",
                "correct": true,
                "explanation": "Right. A name may be spelled differently in the record; search by email address or phone number before you create a contact, because a second record splits the client’s history in two."
              },
              {
                "id": "p3f2i5",
                "text": "Filter Reports by their lead source",
                "correct": false,
                "explanation": "No. Reports tell you where business comes from; they are not a way to find one client. Search by email address or phone number."
              },
              {
                "id": "ofkm9e",
                "text": "Create the contact now; tidy duplicates later",
                "correct": false,
                "explanation": "No. A second record for the same client splits their history in two. Search by email address or phone number first."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "trueFalse",
            "prompt": "On the lead board, a card further to the right belongs to a client who is closer to an application.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. Boards read left to right, so the further right a card sits, the closer that client is to an application (on the lead board) or to funding (on the mortgage board)."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. The columns run left to right in the order of the process: the further right a card sits, the closer that client is to an application."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "single",
            "prompt": "The time zone in your profile is three hours ahead of yours. What will clients notice?",
            "options": [
              {
                "id": "ecw6s1",
                "text": "Reminders and automated emails reach them at the wrong time of day",
                "correct": true,
                "explanation": "Right. The time zone is the clock for every due date, reminder and scheduled email, so a wrong one sends messages when clients are asleep."
              },
              {
                "id": "s1ceh3",
                "text": "Their replies are no longer logged against their record",
                "correct": false,
                "explanation": "No. The time zone decides when messages go out, not where replies are logged."
              },
              {
                "id": "53qtgg",
                "text": "Your emails reach them from a generic system address",
                "correct": false,
                "explanation": "No. The time zone decides when messages go out, not who they are from."
              },
              {
                "id": "6fje9n",
                "text": "Your signature shows them an out-of-date licence number",
                "correct": false,
                "explanation": "No. The signature shows what you typed into it; the time zone only decides when messages go out."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "multiple",
            "prompt": "Which notifications does the module have you start with? Select all that apply.",
            "options": [
              {
                "id": "v0rze5",
                "text": "Every task a colleague creates",
                "correct": false,
                "explanation": "No. Start with three: new leads, overdue tasks and deals that change stage. Turn others on only when you know you will act on them."
              },
              {
                "id": "3j38ff",
                "text": "Deals that change stage",
                "correct": true,
                "explanation": "Yes. A stage change on a live deal usually means something for you to do next."
              },
              {
                "id": "rx3i5y",
                "text": "New leads",
                "correct": true,
                "explanation": "Yes. A new lead is worth hearing about the moment it arrives."
              },
              {
                "id": "np3v5r",
                "text": "Overdue tasks",
                "correct": true,
                "explanation": "Yes. An overdue task is a promise to a client that is slipping."
              },
              {
                "id": "we9bop",
                "text": "Every email a client opens",
                "correct": false,
                "explanation": "No. It is not one of the three to start with; alerts you never act on bury the ones that matter. Leave the rest off until you know you will act on them."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "single",
            "prompt": "Your assistant needs to see the mortgage board but should not change anything on it. What do you give them?",
            "options": [
              {
                "id": "vr3u7q",
                "text": "No access at all: send them screenshots of the board",
                "correct": false,
                "explanation": "No. Screenshots are out of date the moment a card moves. Give them access to see the board without the right to edit it."
              },
              {
                "id": "twyvx1",
                "text": "Your own login, so they see exactly what you see",
                "correct": false,
                "explanation": "No. A shared login gives them every right you have, and you can no longer tell who changed what. Give them their own access with only the rights their work needs."
              },
              {
                "id": "a8kssb",
                "text": "Access to see the board, without the right to edit it",
                "correct": true,
                "explanation": "Right. Seeing a board and being allowed to edit it are different rights; give an assistant only the access their work needs."
              },
              {
                "id": "7u7ptl",
                "text": "Administrator rights, so they are never blocked from anything they open",
                "correct": false,
                "explanation": "No. Administrator rights let them change everything, which is more than their work needs. Seeing and editing are separate rights: give them the right to see the board, not to edit it."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "trueFalse",
            "prompt": "It is a good idea to rename the standard pipeline stages to your own wording.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Leave the standard pipelines as they are: the lead and live deal modules rely on their default statuses and stages."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. The lead and live deal modules rely on the default statuses and stages, so do not rename or delete the standard pipelines."
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
            "prompt": "You have just had a first conversation with a new lead. They want to think before booking a call. Where does their card go?",
            "options": [
              {
                "id": "62ojzs",
                "text": "Discovery Call Booked",
                "correct": false,
                "explanation": "No. Discovery Call Booked means the call is in the calendar. Nothing is booked yet."
              },
              {
                "id": "bjhr5s",
                "text": "Call Completed",
                "correct": false,
                "explanation": "No. Call Completed means you have discussed the client’s goals on the discovery call, which has not happened yet."
              },
              {
                "id": "dns4sb",
                "text": "It stays in new lead until a call is booked",
                "correct": false,
                "explanation": "No. New lead means you have not spoken yet. You have, so the card moves to Contacted; leaving it behind makes the board say something untrue."
              },
              {
                "id": "89h5q4",
                "text": "Contacted",
                "correct": true,
                "explanation": "Right. Contacted means you have had a first conversation. A card moves when the event has happened, and the first conversation has."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "single",
            "prompt": "What does a contact’s business partner type record?",
            "options": [
              {
                "id": "m536z7",
                "text": "The client’s future lender",
                "correct": false,
                "explanation": "No. The default value, Bank, makes it look like a lender field, but it is not one. It records who referred the client."
              },
              {
                "id": "1wl46m",
                "text": "Which of your marketing channels the client came from",
                "correct": false,
                "explanation": "No. That is the lead source (website, social media and so on). Business partner type records who referred the client."
              },
              {
                "id": "siwf78",
                "text": "Who referred the client to you",
                "correct": true,
                "explanation": "Right. Business partner type records who referred the client, such as a realtor, a financial planner or a past client, so each partner gets credit in your reports. It defaults to Bank, so change it whenever someone referred the client."
              },
              {
                "id": "5y418c",
                "text": "Whether the client is a business or a private person",
                "correct": false,
                "explanation": "No. It says nothing about the client themselves; it records who referred them to you."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "The CRM refuses to save a contact whose phone number is not properly formatted.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. The CRM does not stop you saving bad details; checking them before you save is your job."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. The CRM does not stop you saving bad details, so it is up to you to check them before you save."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "trueFalse",
            "prompt": "A lead whose lead status is inactive is still stored in the CRM.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. An inactive lead is stored but out of sight: it leaves the lead board and your follow-up tasks, but its record stays."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. Nothing is deleted: an inactive lead is stored but out of sight, off the lead board and out of your follow-up tasks."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "single",
            "prompt": "You find that you created the same client twice. What does the module tell you to do?",
            "options": [
              {
                "id": "j4mm1b",
                "text": "Keep both cards and work whichever one you see first",
                "correct": false,
                "explanation": "No. Two cards for one client mean two sets of follow-up and a history split in half. Keep the correct record and set the duplicate’s lead status to inactive."
              },
              {
                "id": "igk8k9",
                "text": "Drag the duplicate’s card onto the mortgage board",
                "correct": false,
                "explanation": "No. Clients reach the mortgage board only when an application starts, and the duplicate would still be a second card. Set its lead status to inactive."
              },
              {
                "id": "yh86nm",
                "text": "Keep working the correct record; set the duplicate’s lead status to inactive",
                "correct": true,
                "explanation": "Right. An inactive lead status takes the duplicate off the board, so the client has one card and one set of follow-up."
              },
              {
                "id": "6nu3qy",
                "text": "Set the duplicate’s business partner type back to Bank",
                "correct": false,
                "explanation": "No. Changing the business partner type leaves both cards on the board. Set the duplicate’s lead status to inactive."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "multiple",
            "prompt": "Which of these does the module have you enter on every new contact? Select all that apply.",
            "options": [
              {
                "id": "0q85ez",
                "text": "The client’s annual income",
                "correct": false,
                "explanation": "No. Income belongs to the mortgage application, not to the first contact; a new lead needs the details that let you reach them and report on where they came from."
              },
              {
                "id": "p7t72c",
                "text": "The lender the client will use",
                "correct": false,
                "explanation": "No. The lender comes much later, with the live deal. A new contact needs a valid email, a properly formatted phone number, a lead source, a business partner type and an active lead status."
              },
              {
                "id": "0y2chk",
                "text": "A valid email address",
                "correct": true,
                "explanation": "Yes. A wrong email means every automated message bounces."
              },
              {
                "id": "m2ruk5",
                "text": "The client’s date of birth",
                "correct": false,
                "explanation": "No. That is collected with the application. A new contact needs the details that let you reach the client and report on where they came from."
              },
              {
                "id": "wopr7i",
                "text": "A phone number with its area code",
                "correct": true,
                "explanation": "Yes. A properly formatted phone number includes the area code, for example (416) 555-0142."
              },
              {
                "id": "kt7z2w",
                "text": "The lead source",
                "correct": true,
                "explanation": "Yes. Lead source is what later tells you which marketing actually brings you business."
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
            "prompt": "A task’s due date passed yesterday, and you cannot do it today either. What does the module tell you to do?",
            "options": [
              {
                "id": "j7mtkw",
                "text": "Leave it red as a reminder until you get to it",
                "correct": false,
                "explanation": "No. Once a list is full of red tasks, the colour stops meaning anything and real deadlines hide among them. Reschedule it honestly."
              },
              {
                "id": "3rkqrb",
                "text": "Set its activation status to Inactive until you have time",
                "correct": false,
                "explanation": "No. The promise is already late, and changing its status does not keep it. Move the due date to the day you will really do it."
              },
              {
                "id": "fuxgg1",
                "text": "Mark it complete and create a fresh task when you are ready",
                "correct": false,
                "explanation": "No. Completing a task that is not done makes your list untrue. Move the due date to the day you will really do it."
              },
              {
                "id": "7byveh",
                "text": "Move the due date to a day you will really do it",
                "correct": true,
                "explanation": "Right. A red task is a promise that has slipped: do it today, or move the due date to the day you will really do it, and tell the client if anything you promised has changed."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "Which of these tasks deserve the High importance level? Select all that apply.",
            "options": [
              {
                "id": "o99d5i",
                "text": "Every task for your biggest client",
                "correct": false,
                "explanation": "No. Importance is about the task, not the client: High is for work that holds up a deal or a client’s deadline."
              },
              {
                "id": "i4chev",
                "text": "A lender condition that is holding up a deal",
                "correct": true,
                "explanation": "Yes. High is for anything that holds up a deal or a client’s deadline, and a lender condition does."
              },
              {
                "id": "viq8l7",
                "text": "A client’s rate hold that expires on Friday",
                "correct": true,
                "explanation": "Yes. An expiring rate hold is a client deadline, so it is High."
              },
              {
                "id": "cm5a4e",
                "text": "Tidying a contact’s notes",
                "correct": false,
                "explanation": "No. Useful work with a flexible date is Low. If everything is High, nothing is."
              },
              {
                "id": "8tsqb9",
                "text": "Sending a client their document list this week",
                "correct": false,
                "explanation": "No. It must happen this week but does not stop a deal, which makes it Medium. Reserve High for deal-critical work."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "Tasks with an Inactive activation status appear on your daily task list.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Inactive tasks are parked: they stay off your daily list until you set them back to Active."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. Inactive tasks do not appear on your daily list; if a task seems to have vanished, check its activation status."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "Your assistant opens Sam’s file and cannot see the follow-up call you promised him. What most likely happened?",
            "options": [
              {
                "id": "ns5zyb",
                "text": "Its importance level is Low, which hides it from the team",
                "correct": false,
                "explanation": "No. The importance level orders your work; it does not hide a task. The task was not created from Sam’s record."
              },
              {
                "id": "xv79n9",
                "text": "It has no checklist items, so the file does not list it",
                "correct": false,
                "explanation": "No. Checklist items are for jobs with several parts; a task without them still shows on the client’s file when it is created from the record."
              },
              {
                "id": "5oee2b",
                "text": "Tasks can only be seen by the person who created them",
                "correct": false,
                "explanation": "No. A task created from the client’s record is seen by anyone who opens the file. This one was not linked to Sam."
              },
              {
                "id": "gn0tse",
                "text": "The task was not created from Sam’s record",
                "correct": true,
                "explanation": "Right. Creating a task from the client’s record links it to the client, so anyone who opens the file sees what is outstanding. A loose reminder cannot be seen there."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "multiple",
            "prompt": "You need four documents from an applicant. Which steps match the module? Select all that apply.",
            "options": [
              {
                "id": "z701gu",
                "text": "Title the task with the client’s name only, such as “Sam”",
                "correct": false,
                "explanation": "No. Write the title as the thing to do, so you know what to do without opening the task."
              },
              {
                "id": "2mq4mj",
                "text": "Complete the task once most of the documents are in",
                "correct": false,
                "explanation": "No. The task is finished when every item is ticked; complete it then, not before, or the missing document is forgotten."
              },
              {
                "id": "3xmyiu",
                "text": "Create one task with a checklist item for each document",
                "correct": true,
                "explanation": "Yes. Jobs with several parts get checklist items in one task, so you see at a glance what is still missing."
              },
              {
                "id": "qql8au",
                "text": "Create four separate tasks without due dates",
                "correct": false,
                "explanation": "No. Four loose tasks hide how far along the collection is, and a task without a due date never reminds you. Use one task with checklist items."
              },
              {
                "id": "12yert",
                "text": "Tick each item off as its document arrives",
                "correct": true,
                "explanation": "Yes. Ticking items as they arrive keeps the count true and makes the missing documents obvious."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "trueFalse",
            "prompt": "A task you park with an Inactive activation status should still get a due date.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. The due date tells you when the parked task matters; a task parked without a date is easily forgotten."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. Give an inactive task a due date too, so you know when to set it back to Active."
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
            "prompt": "You submitted a refinance an hour ago, but its card is still in Need to Submit Live Deal. What do you do?",
            "options": [
              {
                "id": "k4djq3",
                "text": "Check the submission and submit it again",
                "correct": true,
                "explanation": "Right. Out to Lender is set automatically after a submission goes through, so a card that has not moved means the submission did not go through."
              },
              {
                "id": "ve66zi",
                "text": "Move it to Commitment, since the lender now has the file",
                "correct": false,
                "explanation": "No. The lender may not have the file at all: a card left in Need to Submit Live Deal means the submission did not go through."
              },
              {
                "id": "f8dj18",
                "text": "Drag it into Out to Lender yourself",
                "correct": false,
                "explanation": "No. Dragging hides the problem: the lender still has nothing. You never drag a card into Out to Lender; check the submission and submit again."
              },
              {
                "id": "76pwfv",
                "text": "Wait until tomorrow: the CRM moves submitted cards overnight",
                "correct": false,
                "explanation": "No. The move to Out to Lender follows the submission; it does not wait for the night. A card left behind means the submission did not go through."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "single",
            "prompt": "Your client could go ahead, but wants to wait until they find the right house. Which stage do you move the deal to?",
            "options": [
              {
                "id": "69whlv",
                "text": "Leave it where it is until they are ready",
                "correct": false,
                "explanation": "No. A card in a live deal stage says the deal is moving. The client has paused, and On Hold says so."
              },
              {
                "id": "fjikf4",
                "text": "Do Not Qualify",
                "correct": false,
                "explanation": "No. Do Not Qualify is for a client who cannot qualify today, and it starts the DNQ follow-up emails, which would be wrong for a client who qualifies."
              },
              {
                "id": "2cb27z",
                "text": "Mortgage Lost/Cancelled",
                "correct": false,
                "explanation": "No. That is for a client who went elsewhere or walked away; this client still means to go ahead with you."
              },
              {
                "id": "2ar0wv",
                "text": "On Hold",
                "correct": true,
                "explanation": "Right. On Hold is for a client who could go ahead but has paused, for example while they keep house hunting."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "The CRM sends DNQ follow-up emails at 3, 6 and 12 months.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. A client marked Do Not Qualify gets DNQ follow-up emails at 3, 6 and 12 months, inviting them to check in as their situation improves."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. DNQ follow-up emails go out at 3, 6 and 12 months after a client is marked Do Not Qualify."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "When does the CRM send a funded client their renewal email?",
            "options": [
              {
                "id": "sclo1o",
                "text": "30 days before their renewal",
                "correct": false,
                "explanation": "No. By 30 days before renewal the lender’s offer has usually arrived. The renewal email goes out 120 days before renewal."
              },
              {
                "id": "3g9qxt",
                "text": "10 days after the file passes compliance",
                "correct": false,
                "explanation": "No. 10 days after compliance is the payment check on your commission, not the renewal email."
              },
              {
                "id": "02n5d6",
                "text": "On the anniversary of the funding date",
                "correct": false,
                "explanation": "No. The renewal email is timed from the renewal date, 120 days before it, not from the funding anniversary."
              },
              {
                "id": "uglk82",
                "text": "120 days before their renewal",
                "correct": true,
                "explanation": "Right. 120 days before renewal is early enough to win the renewal before the lender’s offer arrives, as long as the renewal date on the deal is accurate."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "trueFalse",
            "prompt": "You move a deal to Funded on the day the lender approves it.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Approval is not funding: the deal goes to Funded on the day the money moves, and the renewal email is sent for funded clients."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. A deal is Funded on the day the money moves, not the day it is approved."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "single",
            "prompt": "A funded deal’s file is complete. Where do you move its card?",
            "options": [
              {
                "id": "z83u0a",
                "text": "Instructed",
                "correct": false,
                "explanation": "No. Instructed comes before Funded, once the lawyer or notary has instructions."
              },
              {
                "id": "f5egyh",
                "text": "Ready for Compliance",
                "correct": true,
                "explanation": "Right. Ready for Compliance is listed with the loss stages because the card has left the live deal path, but it is not a lost deal: it is where a closed file waits for its compliance review."
              },
              {
                "id": "ch3otg",
                "text": "Nowhere: it stays in Funded",
                "correct": false,
                "explanation": "No. Once its file is complete the deal leaves the live deal path: drag it to Ready for Compliance, where the closed file waits for its compliance review."
              },
              {
                "id": "xcrm8y",
                "text": "Mortgage Lost/Cancelled",
                "correct": false,
                "explanation": "No. The deal funded, so it was not lost. A complete file goes to Ready for Compliance for its review."
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
            "prompt": "Two steps of your renewal process always happen together. How do you put them on your custom board?",
            "options": [
              {
                "id": "35ycnu",
                "text": "As two columns, with the later step on the left",
                "correct": false,
                "explanation": "No. Columns follow the real steps of the process, and steps that always happen together belong in one column."
              },
              {
                "id": "46tkb8",
                "text": "As one column for both steps",
                "correct": true,
                "explanation": "Right. If two steps always happen together, make them one column; a column should be a step you can finish on its own."
              },
              {
                "id": "fzt5kf",
                "text": "In a task, not on the board",
                "correct": false,
                "explanation": "No. They are part of the process, so they belong on the board, as one column."
              },
              {
                "id": "1l1dwt",
                "text": "As two columns, so each step can be seen on its own",
                "correct": false,
                "explanation": "No. Two columns that are always passed at once give you an extra drag and tell you nothing new. Make them one column."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "trueFalse",
            "prompt": "Adding a client to a custom board creates a contact record for them.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. A custom board shows contacts that already exist in the CRM; it does not create new ones."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. A custom board only shows contacts that already exist in the CRM; create the contact first."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "single",
            "prompt": "A client you expected to see on your renewals board is missing from it. What is the likely cause?",
            "options": [
              {
                "id": "0bha5v",
                "text": "Custom boards show only leads with an active lead status",
                "correct": false,
                "explanation": "No. That rule is the lead board’s. A custom board shows every existing contact that matches its filter."
              },
              {
                "id": "961qht",
                "text": "The board has too many columns",
                "correct": false,
                "explanation": "No. The columns are the steps of the process; which contacts appear is decided by the filter."
              },
              {
                "id": "6fqali",
                "text": "Their record does not match the board’s filter",
                "correct": true,
                "explanation": "Right. A contact appears only when it matches the filter, so compare the client’s details with it; a missing renewal date keeps them off the board."
              },
              {
                "id": "u2jngl",
                "text": "The board shows only contacts created after it was built",
                "correct": false,
                "explanation": "No. A custom board shows contacts that already exist in the CRM, whenever they were created."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "trueFalse",
            "prompt": "A board filtered to contacts whose business partner type is Realtor shows the clients realtors have sent you.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. Business partner type records who referred each client, so the filter finds the clients realtors sent you, not the realtors themselves."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. Business partner type records who referred each client, so a board filtered to Realtor shows the clients realtors have sent you."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "multiple",
            "prompt": "Which of these follow the module’s advice for building a custom board? Select all that apply.",
            "options": [
              {
                "id": "1ay5ap",
                "text": "Keep each board to one process",
                "correct": true,
                "explanation": "Yes. A board that tracks everything tells you nothing."
              },
              {
                "id": "6wcy8f",
                "text": "Put all your processes on one board so everything is in view",
                "correct": false,
                "explanation": "No. Keep each board to one process; a board that tracks everything tells you nothing."
              },
              {
                "id": "3lvbw1",
                "text": "Review the board once a week",
                "correct": true,
                "explanation": "Yes. A weekly review lets you archive cards that have not moved in a month."
              },
              {
                "id": "nlvf7q",
                "text": "Copy the lead board’s statuses onto it as extra columns",
                "correct": false,
                "explanation": "No. If a step is already a status or stage on the lead or mortgage board, track it there instead of on a second board."
              },
              {
                "id": "rln21y",
                "text": "Agree the board and column names with your team first",
                "correct": true,
                "explanation": "Yes. Agreeing names before you build means everyone reads the board the same way."
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
            "prompt": "The Edit and Automations buttons on a custom view are greyed out for you. What do you do?",
            "options": [
              {
                "id": "n37lhg",
                "text": "Add the automations from each client’s record",
                "correct": false,
                "explanation": "No. Automations are added in a column’s Automations panel on the view, which needs permission to edit it."
              },
              {
                "id": "yh3bh2",
                "text": "Ask the account owner or an administrator for edit rights",
                "correct": true,
                "explanation": "Right. Greyed-out buttons mean you do not have permission to edit the view; the account owner or an administrator gives you edit rights to it in team settings."
              },
              {
                "id": "c9gvfe",
                "text": "Build your own copy of the view and automate the copy instead",
                "correct": false,
                "explanation": "No. A copy splits your clients across two boards. Ask for edit rights to the view itself rather than building a copy."
              },
              {
                "id": "ioo6lv",
                "text": "Sign out and in again so your rights refresh",
                "correct": false,
                "explanation": "No. Signing in again does not give you rights you do not have: you need permission to edit the view."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "multiple",
            "prompt": "When a client’s card arrives in a column, what can that column’s automation do? Select all that apply.",
            "options": [
              {
                "id": "r53rn2",
                "text": "Change the client’s business partner type",
                "correct": false,
                "explanation": "No. Business partner type is set on the contact by you. The column’s actions are sending an email template and creating a task."
              },
              {
                "id": "8bj0ee",
                "text": "Create a task for you or your assistant",
                "correct": true,
                "explanation": "Yes. A task puts a person on the follow-up where an email is not enough."
              },
              {
                "id": "no1dym",
                "text": "Delete the client’s contact record",
                "correct": false,
                "explanation": "No. An automation never removes a contact; its actions are sending an email template and creating a task."
              },
              {
                "id": "y1iv00",
                "text": "Phone the client for you",
                "correct": false,
                "explanation": "No. The actions are sending an email template and creating a task; a call is a task the automation can create for a person."
              },
              {
                "id": "hucus4",
                "text": "Send an email template",
                "correct": true,
                "explanation": "Yes. For example, a thank-you email two days after funding."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "trueFalse",
            "prompt": "If you cannot say what a column does in one sentence, split it into two columns.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": true,
                "explanation": "Correct: it is true. Read each column as a sentence: when the trigger happens, the card moves here and the action runs. If it takes more than one sentence, the column is doing too much."
              },
              {
                "id": "false",
                "text": "False",
                "correct": false,
                "explanation": "It is true. A column you cannot describe in one sentence is doing too much; split it into two columns, each with one trigger and one action."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "single",
            "prompt": "Which trigger moves a client into a “6-Month Check-In” column six months after their mortgage funds?",
            "options": [
              {
                "id": "k4btzt",
                "text": "The client opening your last email",
                "correct": false,
                "explanation": "No. Opening an email is not one of the triggers; the choices are a stage change, a number of days after a date, and a task being completed."
              },
              {
                "id": "614reh",
                "text": "A number of days after a date",
                "correct": true,
                "explanation": "Right. A date trigger fires the number of days you set after a date on the client’s record, such as the funding date."
              },
              {
                "id": "432w0k",
                "text": "A stage change on another board",
                "correct": false,
                "explanation": "No. A stage change fires when the card reaches a stage, for example Funded, which happens on the day of funding, not six months later."
              },
              {
                "id": "02px9i",
                "text": "A task being completed",
                "correct": false,
                "explanation": "No. A task trigger fires when the task you chose is marked complete; nothing here depends on a task."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "single",
            "prompt": "You have built a new automation. When do you switch it on for your real clients?",
            "options": [
              {
                "id": "eeoo7l",
                "text": "Straight away: you can fix it if a client complains",
                "correct": false,
                "explanation": "No. An automated email cannot be unsent, so whatever goes wrong reaches real clients first. Test with a test client."
              },
              {
                "id": "e2i1gw",
                "text": "After running it for a few real clients who will not mind",
                "correct": false,
                "explanation": "No. Real clients are not testers: whatever the automation sends them cannot be unsent. Use a test client."
              },
              {
                "id": "mqnp4g",
                "text": "After a test client has been through it and you checked what it sent",
                "correct": true,
                "explanation": "Right. Move a test client through the view and check the emails it sends and the tasks it creates before real clients depend on it: an automated email cannot be unsent."
              },
              {
                "id": "jl8fyl",
                "text": "Once the account owner has read the email template",
                "correct": false,
                "explanation": "No. Reading the template does not show what the automation does end to end. Move a test client through the view and check what it sends and creates."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "trueFalse",
            "prompt": "When a live automation sends an email you did not expect, delete it and build it again.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Pause it rather than delete it: pausing keeps the trigger and the action as you set them, so you can correct it and switch it back on."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. Pause an automation that misbehaves; pausing keeps its trigger and action, so you correct it and switch it back on."
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
            "prompt": "From what database size does the module tell you to send the newsletter in batches over several days?",
            "options": [
              {
                "id": "0zqk0o",
                "text": "2,000 or more contacts",
                "correct": true,
                "explanation": "Right. With 2,000 or more contacts, send in batches over several days rather than all at once."
              },
              {
                "id": "asv0o7",
                "text": "1,000 or more contacts",
                "correct": false,
                "explanation": "No. A database of 1,000 can still go in one send; batching starts at 2,000 or more contacts."
              },
              {
                "id": "ows2fi",
                "text": "200 or more contacts",
                "correct": false,
                "explanation": "No. A few hundred contacts can go in one send; batching starts at 2,000 or more contacts."
              },
              {
                "id": "ut6vbm",
                "text": "Only when the CRM warns you about the size",
                "correct": false,
                "explanation": "No. The CRM does not decide this for you; you split the send yourself once the database has 2,000 or more contacts."
              }
            ]
          },
          {
            "id": "q2",
            "kind": "single",
            "prompt": "Your newsletter goes to 2,400 contacts. Which send plan matches the module?",
            "options": [
              {
                "id": "i6838t",
                "text": "Three batches of about 800, one a day",
                "correct": true,
                "explanation": "Right. Batches of similar size, one a day: 2,400 contacts could go out as three batches of 800 over three days."
              },
              {
                "id": "4j0ofs",
                "text": "Two batches of 1,200, sent an hour apart on the same day",
                "correct": false,
                "explanation": "No. Batches go out one a day over several days; two sends of 1,200 an hour apart are still a large send in a single day."
              },
              {
                "id": "4blabt",
                "text": "Only your most recent 1,000 contacts",
                "correct": false,
                "explanation": "No. Leaving contacts out is not the answer: send to everyone who should receive it, in batches over several days."
              },
              {
                "id": "z0z9ho",
                "text": "All 2,400 in one send, early on a weekday morning",
                "correct": false,
                "explanation": "No. Large single sends are the fastest way to land in spam folders, whatever the time of day."
              }
            ]
          },
          {
            "id": "q3",
            "kind": "multiple",
            "prompt": "Who should receive your monthly newsletter? Select all that apply.",
            "options": [
              {
                "id": "c5i0aj",
                "text": "Contacts who have unsubscribed",
                "correct": false,
                "explanation": "No. Leave out anyone who has unsubscribed, and honour every unsubscribe at once."
              },
              {
                "id": "s1ckrq",
                "text": "Past clients",
                "correct": true,
                "explanation": "Yes. Past clients are where repeat and referral business comes from."
              },
              {
                "id": "7l8b8x",
                "text": "Every address in your inbox, agreed or not",
                "correct": false,
                "explanation": "No. Only send to contacts who have agreed to hear from you."
              },
              {
                "id": "749edj",
                "text": "Business partners such as realtors",
                "correct": true,
                "explanation": "Yes. A newsletter that reaches a partner is a reminder to refer clients to you."
              },
              {
                "id": "kfys7z",
                "text": "Active leads",
                "correct": true,
                "explanation": "Yes. The newsletter keeps you top of mind while a lead decides."
              }
            ]
          },
          {
            "id": "q4",
            "kind": "trueFalse",
            "prompt": "Once a newsletter template has sent correctly, next month’s edited version can go out without a new test.",
            "options": [
              {
                "id": "true",
                "text": "True",
                "correct": false,
                "explanation": "Not true. Preview and test every time: any edit to the template can break a merge field that worked last month."
              },
              {
                "id": "false",
                "text": "False",
                "correct": true,
                "explanation": "Correct: it is false. An edited template can break a merge field that worked last month, so preview it and send yourself a test before every send."
              }
            ]
          },
          {
            "id": "q5",
            "kind": "multiple",
            "prompt": "You reuse last month’s newsletter template. What do you change? Select all that apply.",
            "options": [
              {
                "id": "4b190r",
                "text": "Your sign-off",
                "correct": false,
                "explanation": "No. The sign-off that already works stays as it is; you change only the name, the subject line, the topic and the call to action."
              },
              {
                "id": "xx1yq7",
                "text": "The subject line",
                "correct": true,
                "explanation": "Yes. Each month gets its own subject line that makes the value clear."
              },
              {
                "id": "q8uv38",
                "text": "The topic",
                "correct": true,
                "explanation": "Yes. One useful topic a month, new each time."
              },
              {
                "id": "zxis1u",
                "text": "The merge fields in the greeting",
                "correct": false,
                "explanation": "No. The merge fields that already work stay as they are; changing them is how a greeting breaks."
              },
              {
                "id": "izm89c",
                "text": "The call to action",
                "correct": true,
                "explanation": "Yes. The call to action goes with the month’s topic."
              }
            ]
          },
          {
            "id": "q6",
            "kind": "single",
            "prompt": "A contact was saved without a first name. What do you do before the newsletter goes out?",
            "options": [
              {
                "id": "1wvuko",
                "text": "Type their name over the merge field in the template",
                "correct": false,
                "explanation": "No. The template goes to everyone, so a typed name would greet every contact by that one name. Fix the record instead."
              },
              {
                "id": "8nrf58",
                "text": "Remove the first-name merge field from the greeting for everyone",
                "correct": false,
                "explanation": "No. That takes the personal touch away from every contact to fix one record. Add the first name to the record."
              },
              {
                "id": "7gxpmu",
                "text": "Add their first name to their contact record",
                "correct": true,
                "explanation": "Right. A merge field can only fill in what the contact’s record holds, so fix the record and the greeting fills in."
              },
              {
                "id": "wea38c",
                "text": "Nothing: the CRM leaves that contact out of the send",
                "correct": false,
                "explanation": "No. The contact still receives the newsletter, with a greeting that has no first name in it. Fix the record before you send."
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
