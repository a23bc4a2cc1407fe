import type { BenchRoutine } from "./library-types";

/**
 * Finance routines about employees' money (expenses, cards, payroll, salary, tax); tool names are those an ERP and
 * expense-system MCP server would expose.
 */
export const FINANCE_PAY_ROUTINES: BenchRoutine[] = [
  {
    id: "fin-expense-claim",
    name: "Submit a travel expense claim",
    description:
      "File receipts for business travel or client meals (hotel, transport, meals) paid personally, and send the expense claim for approval and reimbursement.",
    intents: [
      "Claim my travel expenses from the Berlin trip",
      "Submit receipts for reimbursement",
      "Get reimbursed for a business dinner",
    ],
    steps: [
      ["Collect receipts", "Gather the receipts with dates, amounts and currencies."],
      ["Check the policy", "Check each item against the travel and expense policy limits."],
      ["Create the claim", "Create the expense claim with the items and cost center."],
      ["Send for approval", "Route the claim to the manager for approval."],
    ],
    tools: ["read_receipt", "get_expense_policy", "create_expense_claim", "request_approval"],
    requests: [
      "I paid for the hotel and taxis on the client visit myself, how do I get my money back",
      "want to be reimbursed for a dinner with customers last Thursday",
      "I have a pile of receipts from the sales conference in Madrid",
      "file my train tickets and meals from last week's business trip",
      "how do I get paid back for costs I covered during work travel",
    ],
  },
  {
    id: "fin-expense-status",
    name: "Check an expense claim's status",
    description:
      "Tell an employee where their travel or expense claim is in approval and when the reimbursement will be paid to their account.",
    intents: ["Where is my expense claim", "When will my reimbursement be paid", "Has my expense claim been approved"],
    steps: [
      ["Find the claim", "Identify the claim by its number or submission date."],
      ["Get the status", "Get the amount, approval stage and payment date."],
      ["Answer", "Say who must act next and when the money arrives."],
    ],
    tools: ["get_expense_claim_status"],
    requests: [
      "I submitted my receipts three weeks ago and haven't received the money yet",
      "has my claim from the Lyon trip been approved",
      "what's happening with expense report EX-4471",
      "who still needs to sign off my reimbursement",
      "when will the refund for my travel costs hit my bank account",
    ],
  },
  {
    id: "fin-corporate-card",
    name: "Apply for a corporate card",
    description:
      "Request a company credit card for an employee who travels or buys for the team, with a monthly spending limit.",
    intents: [
      "I need a company credit card",
      "Get a corporate card for travel",
      "A card to pay for business purchases",
    ],
    steps: [
      ["Check eligibility", "Confirm the role and travel frequency qualify."],
      ["Set the limit", "Propose a monthly limit by role."],
      ["Get approval", "Ask the manager and finance to approve."],
      ["Order the card", "Submit the application to the card issuer."],
    ],
    tools: ["get_employee", "request_approval", "order_corporate_card"],
    requests: [
      "I travel a lot now, can I have a business Amex so I stop using my own money",
      "request a company Visa for our new office manager",
      "how do I get a work payment card",
      "I'd like a corporate credit card with a 5k monthly limit",
      "our team buyer needs a card to pay vendors online",
    ],
  },
  {
    id: "fin-payroll-summary",
    name: "Summarize a payroll run",
    description:
      "Give finance the payroll totals of a pay period: gross pay, deductions, net pay, salary cost and headcount, company-wide or per department.",
    intents: ["Payroll totals for October", "What did we pay in salaries last month", "Salary cost per department"],
    steps: [
      ["Check access", "Confirm the requester may view payroll."],
      ["Get the payroll summary", "Get totals for the pay period, company-wide or per department."],
      ["Compare with last period", "Explain changes against the previous period."],
    ],
    tools: ["check_permission", "get_payroll_summary", "get_headcount_report"],
    requests: [
      "what was the total salary cost of the company in September",
      "give me gross and net wages paid for the last pay period",
      "how much did the engineering department cost us in pay this month",
      "explain why the wage bill went up compared with the previous month",
      "I need the payroll figures for the finance close",
    ],
  },
  {
    id: "fin-salary-advance",
    name: "Request a salary advance",
    description:
      "An employee asks to be paid part of next month's salary early; check eligibility and schedule repayment from the next payslips.",
    intents: ["Can I get an advance on my salary", "Advance payment of wages", "Get paid early this month"],
    steps: [
      ["Check eligibility", "Confirm tenure and that no advance is outstanding."],
      ["Compute the amount", "Allow up to half of the monthly net pay."],
      ["Get approval", "Ask the manager and payroll to approve."],
      ["Schedule repayment", "Deduct the advance from the next payslips."],
    ],
    tools: ["get_payslip", "request_approval", "create_payroll_adjustment"],
    requests: [
      "I have an emergency car repair, could I be paid part of my wages early",
      "is it possible to borrow against next month's paycheck",
      "I need some of my pay before payday",
      "can the company front me 500 euros from my salary",
      "what are the rules for getting paid in advance",
    ],
  },
  {
    id: "fin-bank-details",
    name: "Change salary bank account",
    description:
      "Update the bank account an employee's salary is paid into, with a call-back verification against fraud.",
    intents: ["Change the account my salary goes to", "Update my bank details", "New bank account for payroll"],
    steps: [
      ["Verify the request", "Call the employee back on the number on file."],
      ["Update bank details", "Change the IBAN for the next payroll."],
      ["Confirm", "Email the employee and their manager that the account changed."],
    ],
    tools: ["get_employee", "update_payroll_bank_account", "send_email_notification"],
    requests: [
      "I switched banks, please pay my wages into my new account from next month",
      "here is my new IBAN for payroll",
      "my salary should go to a different account starting in January",
      "how do I update where my pay is deposited",
      "I opened an account with another bank, change my direct deposit",
    ],
  },
  {
    id: "fin-tax-statement",
    name: "Send the annual tax statement",
    description:
      "Provide an employee's yearly tax certificate of earnings and taxes withheld (W-2, P60) for their tax return.",
    intents: ["I need my W-2", "Send me my P60 for last year", "Annual tax statement of my income"],
    steps: [
      ["Identify the tax year", "Confirm the year and the country's form."],
      ["Generate the statement", "Create the annual earnings and withholding certificate."],
      ["Send it", "Email the statement securely."],
    ],
    tools: ["generate_document", "get_payslip", "send_email_notification"],
    requests: [
      "I'm doing my tax return and need the yearly summary of what I earned and what was withheld",
      "where do I find my end-of-year earnings form",
      "my accountant asked for my annual income certificate from the employer",
      "can you resend the tax document for 2025",
      "I lost the form showing my total pay and taxes for the year",
    ],
  },
];
