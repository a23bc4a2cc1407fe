import type { BenchRoutine } from "./library-types";

/** IT service-desk routines; tool names are those a typical ITSM and identity MCP server would expose. */
export const IT_ROUTINES: BenchRoutine[] = [
  {
    id: "it-password-reset",
    name: "Reset a forgotten password",
    description:
      "Verify the user's identity and reset their forgotten directory password, unlock the account after failed sign-ins, and send a temporary password.",
    intents: ["I forgot my password", "Reset my login password", "My account is locked after wrong passwords"],
    steps: [
      ["Verify identity", "Ask security questions and compare with the directory record."],
      ["Reset the password", "Set a temporary password that must change at next sign-in."],
      ["Unlock the account", "Clear failed sign-in lockouts."],
      ["Send the temporary password", "Text it to the registered mobile number."],
    ],
    tools: ["lookup_directory_user", "reset_password", "unlock_account", "send_sms"],
    requests: [
      "I can't remember my Windows credentials and I'm locked out",
      "my sign-in stopped working after the holidays, I think I typed the wrong passcode too many times",
      "need a new password for my work account",
      "I've been locked out of my computer after too many attempts",
      "how do I change the password I forgot for the company network",
    ],
  },
  {
    id: "it-mfa-reset",
    name: "Reset multi-factor authentication",
    description:
      "Re-register the authenticator app or security key for multi-factor sign-in when a user has a new or lost phone.",
    intents: [
      "I got a new phone and my authenticator doesn't work",
      "Reset my MFA",
      "I don't receive my two-factor codes",
    ],
    steps: [
      ["Verify identity", "Confirm the user through their manager or a video call."],
      ["Remove old factors", "Delete the registered authenticator devices."],
      ["Issue a registration link", "Send a one-time link to enroll the new device."],
    ],
    tools: ["lookup_directory_user", "reset_mfa", "send_email"],
    requests: [
      "switched phones and now I don't get the two-factor codes anymore",
      "my 2FA app was on my old mobile, how do I set it up again",
      "the verification prompt goes to a device I no longer have",
      "lost my security key, can't complete the second sign-in step",
      "re-enroll my authenticator please",
    ],
  },
  {
    id: "it-laptop-request",
    name: "Order a new laptop",
    description:
      "Request a laptop or computer for an employee or a replacement for an old or broken one: pick a standard model, get budget approval and schedule delivery.",
    intents: ["I need a new laptop", "Order a MacBook for the new designer", "Replace my old computer"],
    steps: [
      ["Check eligibility", "Check the current device's age against the refresh policy."],
      ["Choose the model", "Pick a standard model for the role."],
      ["Get approval", "Ask the cost center owner to approve the order."],
      ["Place the order", "Order the hardware from the supplier catalog."],
      ["Schedule delivery", "Book delivery and data transfer from the old device."],
    ],
    tools: ["get_asset", "order_hardware", "request_approval", "create_ticket"],
    requests: [
      "my notebook is five years old and painfully slow, can I get a replacement",
      "we need a computer for the intern starting in two weeks",
      "I'd like to upgrade to a more powerful machine for video editing",
      "request a Windows workstation for our new analyst",
      "my computer's battery is dead and it's out of warranty, time for a new one",
    ],
  },
  {
    id: "it-software-access",
    name: "Request access to an application",
    description:
      "Grant a user a license, account or role in a business application or system (CRM, BI, ticketing) after their manager approves.",
    intents: ["I need access to Salesforce", "Give me a Figma license", "I'm not authorized to open an application"],
    steps: [
      ["Find the application", "Look up the application and its license pool."],
      ["Get manager approval", "Ask the user's manager to approve the access."],
      ["Assign the license", "Assign a license or role in the application."],
      ["Confirm", "Email the user how to sign in."],
    ],
    tools: ["lookup_application", "request_approval", "assign_license", "send_email"],
    requests: [
      "can I get a seat for Jira, I'm joining the product team",
      "I can't open Tableau, it says I'm not authorized",
      "please give Mark permissions in the CRM",
      "I need a licence for Adobe Acrobat to edit PDFs",
      "how do I get added to the HR system so I can see my team",
    ],
  },
  {
    id: "it-vpn",
    name: "Troubleshoot a VPN connection",
    description:
      "Diagnose why a remote user cannot connect to the corporate VPN or internal network from home or travel, and fix the client or account.",
    intents: ["VPN won't connect", "I can't reach internal sites from home", "Remote access keeps disconnecting"],
    steps: [
      ["Check the VPN service", "Look for outages of the VPN gateway."],
      ["Check the account", "Confirm the user's VPN group membership and certificate."],
      ["Check the client", "Compare the client version with the supported one."],
      ["Open a ticket", "Escalate to the network team when the cause is not found."],
    ],
    tools: ["check_service_status", "lookup_directory_user", "get_asset", "create_ticket"],
    requests: [
      "working from home and the remote access client keeps disconnecting",
      "I'm at a hotel and can't get onto the company network",
      "GlobalProtect says authentication failed every time",
      "the intranet doesn't load unless I'm in the office",
      "my tunnel drops every few minutes when I work remotely",
    ],
  },
  {
    id: "it-shared-mailbox",
    name: "Create a shared mailbox",
    description:
      "Set up a shared email inbox or distribution list for a team and grant members access to read and send.",
    intents: [
      "Create a shared inbox for support",
      "Set up a distribution list",
      "A team email address several people can use",
    ],
    steps: [
      ["Check the name", "Make sure the address is free and follows the naming rules."],
      ["Create the mailbox", "Create the shared mailbox or distribution list."],
      ["Add members", "Grant the team members send-as and read access."],
      ["Confirm", "Email the owners the new address."],
    ],
    tools: ["create_mailbox", "add_group_members", "send_email"],
    requests: [
      "our team needs a common email address like invoices@ that several people can read",
      "make a group email so I can write to all project members at once",
      "set up a team inbox for customer questions",
      "can we have a joint mailbox for the recruiting team",
      "add Julia and Sven to a new mailing list for the sales leads",
    ],
  },
  {
    id: "it-lost-device",
    name: "Report a lost or stolen device",
    description:
      "Lock and wipe a lost or stolen laptop, phone or tablet, revoke its sessions and log the security incident.",
    intents: ["My laptop was stolen", "I lost my work phone", "Erase a missing device remotely"],
    steps: [
      ["Identify the device", "Find the device in the asset register."],
      ["Lock and wipe", "Send a remote lock and wipe command."],
      ["Revoke sessions", "Sign the user out everywhere and revoke device tokens."],
      ["Log the incident", "Open a security incident with the circumstances."],
    ],
    tools: ["get_asset", "wipe_device", "revoke_sessions", "create_ticket"],
    requests: [
      "someone took my bag on the train with my company notebook inside",
      "I left my iPhone in a taxi, it has my work email on it",
      "my car was broken into and the work computer is gone",
      "can't find my mobile since the conference, please erase it remotely",
      "the tablet assigned to me has gone missing",
    ],
  },
  {
    id: "it-phishing",
    name: "Report a phishing email",
    description:
      "Analyse a suspicious or phishing email, quarantine it for everyone, and reset credentials if the user clicked a link.",
    intents: ["I got a suspicious email", "Report phishing", "I clicked a link in a scam email"],
    steps: [
      ["Collect the message", "Get the suspicious message and its headers."],
      ["Quarantine it", "Remove the message from every mailbox that received it."],
      ["Check for clicks", "Find users who opened the link."],
      ["Reset credentials", "Reset passwords of users who entered them."],
    ],
    tools: ["get_message", "quarantine_email", "reset_password", "create_ticket"],
    requests: [
      "I received a weird message asking me to confirm my bank details, looks like a scam",
      "I think I clicked a fake link in an email from 'IT support'",
      "there's a dodgy mail going around pretending to be from the CEO",
      "how do I flag a fraudulent email",
      "got an attachment from an unknown sender that looks malicious",
    ],
  },
  {
    id: "it-repo-access",
    name: "Grant access to a code repository",
    description:
      "Give a developer read or write access to a Git repository or source code project after the repository owner approves.",
    intents: [
      "Give me access to the payments repo",
      "Add a developer to GitHub",
      "Permission denied when I clone a repository",
    ],
    steps: [
      ["Find the repository", "Look up the repository and its owner."],
      ["Get owner approval", "Ask the repository owner to approve."],
      ["Grant access", "Add the user to the repository team with the requested role."],
    ],
    tools: ["lookup_repository", "request_approval", "grant_repository_access"],
    requests: [
      "the new engineer needs push rights on our backend project in GitLab",
      "I can't clone the mobile-app source, permission denied",
      "add me as a contributor to the data-pipeline codebase",
      "let the contractor read our frontend git project",
      "I need write permission for the infrastructure repository",
    ],
  },
  {
    id: "it-printer",
    name: "Fix a printer problem",
    description:
      "Troubleshoot an office printer or copier that does not print, jams or is offline, and dispatch a technician.",
    intents: ["The printer is not working", "Printer on floor 2 is jammed", "My print jobs are not coming out"],
    steps: [
      ["Check printer status", "Read the printer's status and error code."],
      ["Clear the queue", "Cancel stuck print jobs."],
      ["Guide the user", "Give steps for paper jams and toner."],
      ["Dispatch a technician", "Open a ticket for on-site repair."],
    ],
    tools: ["check_printer_status", "clear_print_queue", "create_ticket"],
    requests: [
      "nothing comes out when I send documents to the copier near reception",
      "the printing machine says offline",
      "paper keeps getting stuck in the 3rd floor printer",
      "my print jobs are stuck in the queue",
      "the multifunction device shows error E-502",
    ],
  },
  {
    id: "it-guest-wifi",
    name: "Give a visitor Wi-Fi access",
    description:
      "Create a time-limited guest wireless (Wi-Fi) voucher so visitors to the office can get internet access.",
    intents: ["Guest Wi-Fi for a client visit", "Internet access for visitors", "Wi-Fi code for guests"],
    steps: [
      ["Register the visitor", "Record the visitor's name and host."],
      ["Create a voucher", "Create a guest network voucher valid for the visit."],
      ["Send the voucher", "Email the voucher code to the host."],
    ],
    tools: ["create_guest_wifi_voucher", "send_email"],
    requests: [
      "we have clients coming tomorrow who need to get online",
      "a contractor is visiting for the day and needs wireless internet",
      "can you generate a wifi code for our external auditors",
      "our partners at the workshop want to connect their laptops to the network",
      "temporary internet login for a guest speaker",
    ],
  },
  {
    id: "it-file-restore",
    name: "Restore a deleted file",
    description:
      "Recover a deleted or overwritten file or folder from the recycle bin or from backup, on a shared drive or cloud storage.",
    intents: ["I deleted a file by mistake", "Recover an older version of a document", "Restore a folder from backup"],
    steps: [
      ["Locate the file", "Find the file's path and when it was last good."],
      ["Check the recycle bin", "Restore from the recycle bin when it is still there."],
      ["Restore from backup", "Restore the version from the nightly backup."],
      ["Confirm", "Tell the user where the restored file is."],
    ],
    tools: ["search_files", "restore_from_backup", "create_ticket"],
    requests: [
      "I accidentally removed a folder on the shared drive, can we get it back",
      "my spreadsheet got overwritten, I need yesterday's copy",
      "is there a backup of a document I trashed last week",
      "bring back the presentation I erased from OneDrive",
      "undo the deletion of the project files on the team share",
    ],
  },
  {
    id: "it-admin-rights",
    name: "Install software on a laptop",
    description:
      "Install an approved application or program on a managed laptop, or grant temporary admin rights to install it.",
    intents: ["Install Python on my laptop", "I need admin rights to install software", "Put an app on my computer"],
    steps: [
      ["Check the catalog", "Check whether the application is approved."],
      ["Push the install", "Deploy the application through device management."],
      ["Grant temporary admin", "Grant admin rights for one hour when no package exists."],
    ],
    tools: ["lookup_application", "deploy_software", "grant_temporary_admin"],
    requests: [
      "can I put Visual Studio Code on my work computer",
      "I'm not allowed to set up programs on my PC, please help",
      "need local administrator privileges for an hour to run a setup",
      "please deploy Zoom to my machine",
      "the software centre doesn't have Docker, how do I get it on my notebook",
    ],
  },
  {
    id: "it-contractor-account",
    name: "Create an account for a contractor",
    description:
      "Create a time-limited directory account, login and email address for an external contractor, freelancer or consultant.",
    intents: [
      "Set up an account for a freelancer",
      "Create a login for an external consultant",
      "Accounts for temporary external staff",
    ],
    steps: [
      ["Check the sponsor", "Confirm the internal sponsor and the contract end date."],
      ["Create the account", "Create a directory account that expires at the contract end."],
      ["Create the mailbox", "Create an email address with the external prefix."],
      ["Send credentials", "Send the sign-in details to the sponsor."],
    ],
    tools: ["lookup_directory_user", "create_directory_account", "create_mailbox", "send_email"],
    requests: [
      "a freelance designer joins us for three months, they need a user ID and email",
      "we hired an agency consultant who needs to sign in to our systems",
      "provision credentials for an external developer until June",
      "can a temporary worker from the outsourcing firm get a company login",
      "new third-party supplier staff need network accounts",
    ],
  },
];
