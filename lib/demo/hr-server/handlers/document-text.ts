/** Standard text every generated HR document ends with; long on purpose, like the real thing. */
export const COMPANY = {
  name: "Northwind HR Demo GmbH",
  address: "Friedrichstraße 123, 10117 Berlin, Germany",
  register: "Amtsgericht Berlin-Charlottenburg HRB 123456",
  website: "https://hr.northwind-hr.example",
};

export const RESPONSIBILITIES: Record<string, string[]> = {
  "D-ENG": [
    "designing, building and operating customer-facing software",
    "reviewing code and mentoring colleagues",
    "planning and estimating product increments with product management",
    "improving test coverage and release quality",
  ],
  "D-PLAT": [
    "running the company's cloud infrastructure",
    "on-call duty for production incidents",
    "automating deployment and monitoring",
    "hardening systems against security threats",
  ],
  "D-DATA": [
    "building data pipelines and the data warehouse",
    "analysing product and business metrics",
    "building forecasting and recommendation models",
    "training colleagues in self-service reporting",
  ],
  "D-PRD": [
    "defining product strategy and roadmaps",
    "research with customers and prospects",
    "writing specifications and prioritising the backlog",
    "coordinating launches with marketing and sales",
  ],
  "D-SAL": [
    "managing a territory of new and existing accounts",
    "running discovery calls, demonstrations and negotiations",
    "forecasting pipeline and revenue",
    "working with solutions engineering on complex deals",
  ],
  "D-MKT": [
    "planning and running campaigns",
    "producing content for web, events and social media",
    "measuring funnel performance",
    "maintaining the brand guidelines",
  ],
  "D-FIN": [
    "monthly closing and reporting",
    "payroll and expense processing",
    "budgeting and forecasting with department heads",
    "audits and tax filings",
  ],
  "D-HR": [
    "recruiting and onboarding",
    "advising managers on employment matters",
    "running the review and compensation cycles",
    "maintaining HR policies and employee records",
  ],
  "D-OPS": [
    "running offices and workplace services",
    "procurement and vendor management",
    "IT support for employees",
    "business continuity planning",
  ],
  "D-SUP": [
    "answering customer requests by email, chat and phone",
    "troubleshooting technical problems with engineering",
    "maintaining the help centre",
    "identifying trends in customer feedback",
  ],
  "D-LEG": [
    "drafting and negotiating contracts",
    "advising on data protection and compliance",
    "managing disputes and intellectual property",
    "training colleagues on legal risks",
  ],
  "D-EXEC": [
    "setting company strategy and objectives",
    "leading the executive team",
    "representing the company to investors and partners",
    "overseeing company-wide initiatives",
  ],
};

export const LEGAL_NOTES = [
  "This document was generated from the records of the Human Resources information system on the date shown above. It reflects the data held at that time. Later changes to the employment relationship, pay or leave are not reflected and require a new document.",
  "The information in this document is confidential. It is intended solely for the person named and for the purpose stated. Any disclosure, copying or distribution to third parties is permitted only with the consent of the employee or where the law requires it.",
  "Amounts are stated in the currency of the payroll of the employee's work location. Amounts in other currencies are not converted. Gross amounts include all taxable components; statutory deductions follow the rules of the country of employment in force for the respective pay period.",
  "Leave entitlements follow the company leave policy and the statutory minimums of the country of employment. Part-time employees receive entitlements in proportion to their contractual working time. Carry-over of unused annual leave is subject to the limits stated in the policy.",
  "Periods of unpaid leave, parental leave and long-term sickness may affect the calculation of entitlements, benefits and service time as set out in the applicable policies and collective agreements. Where the law provides for more favourable terms, those terms apply.",
  "This document does not constitute a contract or an amendment of the employment contract. It does not create rights or obligations beyond those contained in the employment contract, company policies and applicable law.",
  "If any information in this document is incorrect or incomplete, please contact the People & HR team within 30 days of receipt, stating the document ID. Corrections are made in the HR information system and a corrected document is issued free of charge.",
  "Documents issued electronically are valid without a handwritten signature. Their authenticity can be verified at any time using the document ID and the verification service listed below. Printed copies are valid when the document ID and verification code are legible.",
];

export const PRIVACY_NOTICE = [
  "Personal data in this document is processed in accordance with the General Data Protection Regulation (GDPR), the UK GDPR and the data protection laws applicable at the employee's work location. The controller is the employing entity named in the letterhead.",
  "Data is processed for the purpose of administering the employment relationship (Art. 6(1)(b) GDPR) and for meeting legal obligations (Art. 6(1)(c) GDPR). HR documents are retained for the periods required by employment, tax and social security law and deleted afterwards.",
  "Employees have the right to access, rectify and erase their personal data, to restrict or object to its processing and to data portability, within the limits of the law. Requests can be sent to privacy@northwind-hr.example. Employees may also lodge a complaint with a supervisory authority.",
];

/** Wraps text to lines of at most `width` characters, as a printed letter would be. */
export function wrap(text: string, width = 100): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join("\n");
}

/** A fixed-width table with a header row and a rule under it. */
export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  const format = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  return [format(cells[0]), widths.map((width) => "-".repeat(width)).join("  "), ...cells.slice(1).map(format)].join(
    "\n",
  );
}

export const ABOUT_COMPANY = [
  `${COMPANY.name} builds software for mid-sized companies and employs about 300 people in Berlin, Munich, London, Dublin, New York and Austin. The company was founded in 2012 and is organised in twelve departments reporting to the Chief Executive Officer.`,
  "The company is committed to equal opportunity, fair pay and continuous learning. Every employee has an annual training budget, a yearly performance and development review, and access to the employee assistance programme.",
];

export const WORKING_TIME = [
  "Full-time employees work 40 hours per week, Monday to Friday, with flexible start and end times between 07:00 and 20:00 and core hours from 10:00 to 15:00. Part-time employees work the share of these hours stated in their contract.",
  "Hybrid work is the norm: employees may work from home on up to three days a week, in agreement with their manager. Overtime requires the manager's prior approval and is compensated with pay at 125% or time off in lieu, at the employee's choice.",
  "Attendance is recorded through the time-tracking system. Public holidays follow the calendar of the employee's work location; days that fall on a weekend are observed as the local rules provide.",
];

export const BENEFITS: Record<string, string[]> = {
  DE: [
    "Company pension (betriebliche Altersvorsorge) with a 20% employer top-up",
    "Deutschlandticket for public transport",
    "Job bike leasing (JobRad)",
    "Private supplementary health insurance for dental care",
    "Annual training budget of EUR 1,500",
    "Employee assistance programme with free counselling",
  ],
  GB: [
    "Pension with 5% employer contribution (salary sacrifice available)",
    "Private medical insurance including family cover",
    "Cycle to Work scheme",
    "Season ticket loan, interest free",
    "Annual training budget of GBP 1,300",
    "Employee assistance programme with free counselling",
  ],
  IE: [
    "Pension with 6% employer contribution",
    "VHI health insurance including family cover",
    "Bike to Work scheme",
    "TaxSaver commuter ticket",
    "Annual training budget of EUR 1,500",
    "Employee assistance programme with free counselling",
  ],
  US: [
    "401(k) with 4% employer match",
    "Medical, dental and vision insurance with 90% employer-paid premiums",
    "Commuter benefits (pre-tax transit and parking)",
    "Health savings account with employer contribution",
    "Annual training budget of USD 1,800",
    "Employee assistance programme with free counselling",
  ],
};

export const POLICIES = [
  "Code of Conduct: how we treat colleagues, customers and partners, and how to raise concerns without fear of retaliation.",
  "Information Security Policy: handling of confidential data, passwords, devices and the reporting of security incidents within one hour.",
  "Data Protection Policy: processing of personal data of employees, customers and applicants in line with the GDPR.",
  "Travel and Expense Policy: booking rules, per-diem limits and the submission of expense claims within 30 days with receipts.",
  "Leave Policy: entitlements, notice periods, carry-over and the approval of annual, sick, parental, unpaid and compassionate leave.",
  "Hybrid Work Policy: working from home, core hours, equipment and the health and safety of home workplaces.",
  "Anti-Bribery and Corruption Policy: gifts and hospitality limits and the register of gifts received and given.",
  "Whistleblowing Policy: the confidential reporting channel and the protection of people who report misconduct in good faith.",
  "Equal Opportunities and Dignity at Work Policy: our commitment against discrimination, harassment and bullying.",
];
