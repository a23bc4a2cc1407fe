// The workplace vocabulary procedure memory treats as one concept: people ask for "PTO", "days off" or "a holiday"
// where a routine says "leave". Each group maps its words and phrases onto the stem of its head word, in documents
// and requests alike, so keyword matching (BM25) meets a request that uses a synonym. Phrases are matched on stems
// before stopwords are dropped ("proof of employment"), longest first, skipping determiners and possessives ("handed in
// his notice" is "handed in notice"). Groups are general HR, IT and finance
// vocabulary, not phrasings of particular routines; a word with two common meanings ("visa", "order") is in none.

type Group = { head: string; words?: string[]; phrases?: string[] };

export const LEXICON: Group[] = [
  // Time off and absence.
  {
    head: "leave",
    words: ["vacation", "vacations", "pto", "holiday", "holidays", "absence", "absences", "absent"],
    phrases: ["time off", "day off", "days off", "paid time off", "annual leave", "away from work"],
  },
  {
    head: "publicholiday",
    phrases: [
      "public holiday",
      "bank holiday",
      "national holiday",
      "statutory holiday",
      "official holiday",
      "national days off",
      "official days off",
      "national day off",
      "office closed",
    ],
  },
  {
    head: "sick",
    words: ["ill", "illness", "unwell", "flu", "fever", "sickness"],
    phrases: ["call in sick", "off sick"],
  },
  {
    head: "parental",
    words: ["maternity", "paternity", "pregnant", "pregnancy", "baby", "birth", "adoption", "adopting", "adopt"],
    phrases: ["new father", "new fathers", "new mother", "new mothers", "new parent", "new parents"],
  },
  { head: "cancel", words: ["withdraw", "revoke", "undo", "scrap", "retract", "cancellation"], phrases: ["call off"] },
  {
    head: "approve",
    words: ["approval", "authorise", "authorize", "greenlight", "signoff", "ok", "okay"],
    phrases: ["sign off", "sign off on"],
  },
  {
    head: "remaining",
    words: ["remain", "balance", "leftover", "unused"],
    phrases: ["left over", "days left", "budget left"],
  },
  { head: "overtime", phrases: ["extra hours", "additional hours", "stayed late", "work late", "worked late"] },
  {
    head: "attendance",
    words: ["timesheet", "timesheets", "clocking"],
    phrases: ["clock in", "check in", "time sheet"],
  },
  // People and organization.
  { head: "manager", words: ["boss", "supervisor", "superior"], phrases: ["line manager"] },
  {
    head: "orgchart",
    words: ["hierarchy"],
    phrases: [
      "org chart",
      "organization chart",
      "organisation chart",
      "reports to",
      "report to",
      "reporting line",
      "reporting lines",
      "who reports",
      "sits under",
    ],
  },
  { head: "employee", words: ["staff", "worker", "workers", "workforce", "personnel"] },
  { head: "headcount", phrases: ["head count", "number of employees", "number of staff", "staffing numbers"] },
  {
    head: "newhire",
    words: ["newcomer", "joiner", "starter"],
    phrases: ["new hire", "new starter", "fresh hire", "new employee", "new joiner"],
  },
  { head: "onboard", words: ["onboarding", "induction"] },
  {
    head: "resign",
    words: ["resignation", "resigned", "quit", "quitting", "departure", "leaver"],
    phrases: ["handed in notice", "hand in notice", "leaving company", "leaving us"],
  },
  { head: "offboard", words: ["offboarding", "exit"] },
  { head: "training", words: ["course", "courses", "class", "classes", "workshop", "seminar", "learning"] },
  {
    head: "enroll",
    words: ["enrol", "enrolment", "enrollment", "signup"],
    phrases: ["sign up", "sign me up", "book a place"],
  },
  {
    head: "appraisal",
    words: ["evaluation", "evaluations", "assessment"],
    phrases: ["performance review", "performance reviews"],
  },
  { head: "goal", words: ["objective", "objectives", "target", "targets"] },
  { head: "phone", words: ["mobile", "telephone", "cell", "smartphone", "iphone"] },
  { head: "address", words: ["postcode"], phrases: ["zip code", "post code", "home address"] },
  { head: "relocate", words: ["moved", "relocated", "relocation"], phrases: ["moved house"] },
  {
    head: "certificate",
    phrases: [
      "proof of employment",
      "employment letter",
      "employment verification",
      "verify employment",
      "verifying my employment",
      "confirming employment",
      "confirm employment",
      "confirming i'm employed",
    ],
  },
  // Pay.
  {
    head: "payslip",
    words: ["payslips", "paystub"],
    phrases: ["pay slip", "pay stub", "wage slip", "salary slip", "salary statement", "earnings statement"],
  },
  { head: "salary", words: ["wage", "wages", "paycheck", "paycheque", "compensation"], phrases: ["pay check"] },
  { head: "payroll", phrases: ["wage bill", "salary cost", "salary costs", "payroll cost"] },
  { head: "advance", words: ["borrow", "loan"], phrases: ["before payday", "paid early", "paid in advance"] },
  {
    head: "bankaccount",
    words: ["iban"],
    phrases: ["bank account", "bank details", "direct deposit", "account number"],
  },
  { head: "tax", words: ["p60", "w2"], phrases: ["w 2", "tax return", "tax form"] },
  // IT.
  { head: "laptop", words: ["notebook", "computer", "pc", "workstation", "macbook", "desktop"] },
  { head: "password", words: ["passcode", "passphrase", "passwords", "credentials"] },
  { head: "login", words: ["logon", "signin"], phrases: ["sign in", "log in", "log on"] },
  { head: "lockout", words: ["locked", "lockouts"], phrases: ["locked out", "lock out"] },
  {
    head: "mfa",
    words: ["2fa", "authenticator", "otp"],
    phrases: ["two factor", "multi factor", "second factor", "verification code", "verification codes"],
  },
  { head: "access", words: ["permission", "permissions", "authorized", "authorised", "privileges"] },
  { head: "admin", words: ["administrator"], phrases: ["admin rights", "administrator privileges", "local admin"] },
  { head: "license", words: ["licence", "licenses", "licences"] },
  { head: "install", words: ["deploy", "installation", "setup"] },
  { head: "software", words: ["program", "programs", "app", "apps"] },
  { head: "vpn", words: ["globalprotect", "tunnel"], phrases: ["remote access"] },
  { head: "wifi", words: ["wireless", "internet"], phrases: ["wi fi", "get online"] },
  { head: "guest", words: ["visitor", "visitors", "visiting"] },
  { head: "mailbox", words: ["inbox"], phrases: ["mailing list", "distribution list", "group email", "email address"] },
  { head: "shared", words: ["common", "joint"] },
  { head: "lost", words: ["stolen", "missing", "gone"], phrases: ["gone missing", "can't find", "cannot find"] },
  { head: "delete", words: ["deleted", "deletion", "erase", "erased", "trash", "trashed", "removed"] },
  {
    head: "restore",
    words: ["recover", "recovery", "undelete"],
    phrases: ["get it back", "bring back", "get them back"],
  },
  { head: "phishing", words: ["scam", "fraudulent", "suspicious", "dodgy", "fake", "malicious", "spam"] },
  { head: "repository", words: ["repo", "repos", "codebase", "git", "github", "gitlab"], phrases: ["source code"] },
  { head: "printer", words: ["copier", "printing"], phrases: ["multifunction device"] },
  // Finance.
  {
    head: "contractor",
    words: ["freelancer", "freelance", "consultant", "outsourcing"],
    phrases: ["third party", "temporary worker"],
  },
  { head: "vendor", words: ["supplier", "suppliers", "vendors", "provider"] },
  {
    head: "reimburse",
    words: ["reimbursement", "reimbursed"],
    phrases: ["paid back", "pay back", "money back", "pay me back"],
  },
  { head: "travel", words: ["trip", "travelling", "traveling", "journey"], phrases: ["business trip", "work travel"] },
  { head: "invoice", words: ["bill", "payable", "payables"], phrases: ["accounts payable"] },
  { head: "purchase", words: ["buy", "buying", "procure", "procurement", "requisition"] },
  { head: "card", words: ["amex"], phrases: ["credit card", "corporate card", "company card", "payment card"] },
  { head: "budget", words: ["allocation", "overspend", "overspending"] },
  {
    head: "variance",
    words: ["actuals"],
    phrases: ["versus plan", "compared to plan", "planned versus", "plan versus"],
  },
  { head: "close", words: ["closing"], phrases: ["month end", "period end", "close the books", "closing the books"] },
  { head: "payment", words: ["remittance", "settle", "settled"] },
  { head: "capex", words: ["investment", "invest"], phrases: ["capital expenditure", "business case"] },
  {
    head: "refund",
    words: ["overcharged", "overbilled", "repayment"],
    phrases: ["credit note", "charged twice", "billed twice"],
  },
  { head: "customer", words: ["client", "clients", "customers"] },
];
