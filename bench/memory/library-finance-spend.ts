import type { BenchRoutine } from "./library-types";

/**
 * Finance routines about company spending and accounting (suppliers, purchases, budgets, closing, refunds); tool names
 * are those an ERP MCP server would expose.
 */
export const FINANCE_SPEND_ROUTINES: BenchRoutine[] = [
  {
    id: "fin-invoice-approval",
    name: "Approve a supplier invoice",
    description:
      "Match a supplier or vendor invoice with its purchase order and goods receipt, then approve it so the supplier gets paid.",
    intents: [
      "Approve the invoice from Acme",
      "Invoice waiting for my approval",
      "Check an invoice against the purchase order",
    ],
    steps: [
      ["Get the invoice", "Read amount, supplier and purchase order reference."],
      ["Three-way match", "Compare invoice, purchase order and goods receipt."],
      ["Check approval limit", "Confirm the approver's limit covers the amount."],
      ["Approve for payment", "Approve the invoice and schedule it in the next payment run."],
    ],
    tools: ["get_invoice", "get_purchase_order", "check_approval_limit", "approve_invoice"],
    requests: [
      "there is a bill from our cleaning contractor that needs my sign-off",
      "validate the vendor invoice against the PO and release it",
      "I have to OK a payable from Dell for the monitors we received",
      "review and authorise the pending accounts payable item for the catering company",
      "the supplier sent their invoice, can I approve it so they get paid",
    ],
  },
  {
    id: "fin-new-vendor",
    name: "Register a new supplier",
    description:
      "Onboard a new vendor or supplier company: collect tax and bank details, run compliance checks and create the supplier record so we can buy from it.",
    intents: ["Add a new vendor to the ERP", "Set up a new supplier", "Register a company we will buy from"],
    steps: [
      ["Collect details", "Collect legal name, tax number, address and bank account."],
      ["Run compliance checks", "Screen the company against sanctions lists."],
      ["Verify the bank account", "Confirm the account by a call-back to the supplier."],
      ["Create the supplier", "Create the vendor master record."],
    ],
    tools: ["screen_sanctions", "verify_bank_account", "create_vendor"],
    requests: [
      "we want to start buying from a new catering company, how do we get them into the system",
      "onboard a freelance translator as a vendor so we can pay her",
      "create a supplier master record for Nordic Print AB",
      "I found a new packaging provider, what do we need from them to set them up",
      "register an external company we will be purchasing from",
    ],
  },
  {
    id: "fin-purchase-order",
    name: "Raise a purchase order",
    description:
      "Create a purchase requisition to buy goods or services from a supplier, get budget approval and issue the purchase order.",
    intents: [
      "Create a PO for 20 monitors",
      "I need to buy software licenses",
      "Order goods from an approved supplier",
    ],
    steps: [
      ["Describe the purchase", "Items, quantities, supplier and cost center."],
      ["Check the budget", "Confirm the cost center has budget left."],
      ["Get approval", "Route the requisition to the budget owner."],
      ["Issue the purchase order", "Create the PO and send it to the supplier."],
    ],
    tools: ["get_budget", "request_approval", "create_purchase_order"],
    requests: [
      "I'd like to buy ten office chairs from our usual furniture supplier",
      "start a requisition for a consulting engagement with Deloitte",
      "we need to procure new headsets for the call center",
      "how do I order goods from an approved vendor",
      "raise an order with the supplier for 500 branded notebooks",
    ],
  },
  {
    id: "fin-budget-report",
    name: "Report budget against actuals",
    description:
      "Compare a department's or cost center's spending with its budget for a period, show what is left and highlight variances and overspending.",
    intents: ["Budget vs actual for marketing in Q2", "How much budget is left", "Are we over budget"],
    steps: [
      ["Get the budget", "Read the cost center's budget for the period."],
      ["Get actuals", "Read posted spending for the period."],
      ["Compute variances", "Compare line by line and flag overruns above 10%."],
      ["Send the report", "Email the variance table to the budget owner."],
    ],
    tools: ["get_budget", "get_actuals", "send_email"],
    requests: [
      "are we overspending in IT this quarter compared to plan",
      "how much money does my cost center still have for the rest of the year",
      "variance analysis of the sales department's spend for March",
      "show planned versus real spending for the HR team",
      "did marketing stay within its allocation last quarter",
    ],
  },
  {
    id: "fin-month-end-close",
    name: "Run the month-end close",
    description:
      "Walk the accounting team through closing the books at month end: accruals, bank reconciliations, locking the period and the P&L report.",
    intents: ["Start the month-end close", "Close the books for June", "Finalize the accounts for the period"],
    steps: [
      ["Post accruals", "Book accrued expenses not yet invoiced."],
      ["Reconcile bank accounts", "Match bank statements with the ledger."],
      ["Reconcile intercompany", "Agree balances between entities."],
      ["Lock the period", "Close the accounting period to postings."],
      ["Publish reports", "Produce the P&L and balance sheet."],
    ],
    tools: ["post_journal_entry", "reconcile_bank", "lock_period", "run_financial_report"],
    requests: [
      "it's the last working day of the month, kick off the closing process for the ledger",
      "we need to finalize the accounts for November",
      "prepare the period-end reconciliations and lock the period",
      "what's left to do before we can produce the monthly P&L",
      "begin the close checklist for the quarter",
    ],
  },
  {
    id: "fin-vendor-payment",
    name: "Check a supplier payment",
    description:
      "Tell a supplier or buyer when a supplier invoice was or will be paid, with the payment date and reference.",
    intents: [
      "Has the invoice from Acme been paid",
      "Supplier asks when they get paid",
      "Payment date of a vendor invoice",
    ],
    steps: [
      ["Find the invoice", "Look up the invoice by supplier and number."],
      ["Get the payment", "Read the payment run, date and reference."],
      ["Answer", "Give the paid date or the scheduled date."],
    ],
    tools: ["get_invoice", "get_payment_status"],
    requests: [
      "our print shop says they still haven't received their money for invoice 88213",
      "did we settle the bill from the logistics company",
      "a vendor is chasing payment, when is it scheduled",
      "what's the remittance reference for the transfer to Globex",
      "was the consultancy's invoice from August paid out",
    ],
  },
  {
    id: "fin-capex",
    name: "Request capital expenditure approval",
    description:
      "Prepare a business case for a large capital investment (equipment, machinery, building work) and route it to the CFO or board for approval.",
    intents: [
      "Capex request for a new server room",
      "Approval for a major investment",
      "Business case for buying equipment",
    ],
    steps: [
      ["Describe the investment", "Amount, asset type, useful life and expected benefit."],
      ["Compute the payback", "Estimate payback period and return on investment."],
      ["Check the capital plan", "Check the investment against the annual capital plan."],
      ["Route for approval", "Send to the CFO and, above the limit, the board."],
    ],
    tools: ["get_capital_plan", "request_approval", "create_ticket"],
    requests: [
      "we want to spend 200k on a new production line, what's the approval process",
      "I need sign-off for buying a forklift fleet for the warehouse",
      "prepare an investment proposal for renovating the Lisbon office",
      "how do big asset purchases get approved by the board",
      "business case for replacing our data center hardware",
    ],
  },
  {
    id: "fin-customer-refund",
    name: "Issue a customer refund",
    description:
      "Refund a customer for a returned product, a cancellation or a billing error, with a credit note and repayment.",
    intents: ["Refund customer order 5512", "Customer was charged twice", "Give a client their money back"],
    steps: [
      ["Find the invoice", "Look up the customer's invoice and payment."],
      ["Check the reason", "Confirm the return was received or the error is real."],
      ["Create a credit note", "Issue a credit note for the refund amount."],
      ["Pay the refund", "Send the money back to the original payment method."],
    ],
    tools: ["get_invoice", "create_credit_note", "issue_refund"],
    requests: [
      "a client returned the goods and wants their money back",
      "we billed a customer twice by mistake, give them back the duplicate payment",
      "process a credit note and repayment for an overcharged client",
      "the buyer cancelled the subscription within 14 days, reimburse them",
      "send back 120 dollars to a customer who was overbilled",
    ],
  },
];
