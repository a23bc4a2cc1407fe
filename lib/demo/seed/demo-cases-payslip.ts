import type { ExpectedCall } from "../../evaluations/scoring";
import { type DemoCase, emailTo, exactly, lookUp, optional, person, type Person } from "./demo-case-calls";

// "Payslip question": employees of the demo HR data asking about a paid period (2023-01 to 2025-05 on the reference
// date 2025-06-16), in each office's currency: a March bonus, a prorated first month, part-time pay, the social
// contributions of each country; with a salary certificate asked for or not.

const REQUESTED = "Certificate requested";
const NOT_REQUESTED = "No certificate requested";

const payslip = (who: Person, period: string): ExpectedCall => ({
  tool: "get_payslip",
  arguments: { employee_id: exactly(who.id), period: exactly(period) },
});

const certificate = (who: Person): ExpectedCall => ({
  tool: "generate_document",
  arguments: { template: exactly("salary_certificate"), employee_id: exactly(who.id), language: optional() },
});

/** Explained, with a salary certificate (`withCertificate`) or without. */
function question(name: string, request: string, who: Person, period: string, withCertificate: boolean): DemoCase {
  return {
    name,
    request,
    inputs: { employee_id: who.id, period },
    expectedCalls: [lookUp(who), payslip(who, period), ...(withCertificate ? [certificate(who)] : []), emailTo(who)],
    expectedPath: [withCertificate ? REQUESTED : NOT_REQUESTED],
  };
}

const julia = person("E1024", "julia.nguyen"); // London, GBP
const emma = person("E1003", "emma.rossi"); // New York, USD
const anna = person("E1011", "anna.fischer"); // Munich, EUR
const maya = person("E1031", "maya.weber"); // Munich, part-time
const grace = person("E1267", "grace.jones"); // Austin, part-time
const kai = person("E1145", "kai.garcia"); // Dublin, EUR
const juliaO = person("E1183", "julia.okafor"); // London, part-time
const graceL = person("E1279", "grace.larsen"); // Dublin, joined 2024-10-30
const tom = person("E1060", "tom.jones"); // London
const hannah = person("E1029", "hannah.schmidt"); // New York
const daniel = person("E1057", "daniel.brown"); // Munich

export const PAYSLIP_CASES: DemoCase[] = [
  question(
    "May payslip explained",
    "Hi, I'm E1024. Can you explain my May 2025 payslip? The deductions look high.",
    julia,
    "2025-05",
    false,
  ),
  question(
    "May payslip with a certificate for the landlord",
    "E1024 again: I need a salary certificate for my new landlord, and please explain my May 2025 payslip too.",
    julia,
    "2025-05",
    true,
  ),
  question(
    "Why March pay was higher (bonus)",
    "Why was my pay in March 2025 higher than usual? I'm E1003.",
    emma,
    "2025-03",
    false,
  ),
  question(
    "April payslip and a certificate for the bank",
    "E1011: please send me a salary certificate for my bank, and explain my April 2025 payslip.",
    anna,
    "2025-04",
    true,
  ),
  question(
    "Part-time pay explained",
    "I'm part-time (E1031). Why is my May 2025 salary about half of a full-time one?",
    maya,
    "2025-05",
    false,
  ),
  question(
    "Visa application needs a certificate",
    "E1267 here. I'm applying for a visa and need a salary certificate; also, what are the deductions on my February 2025 payslip?",
    grace,
    "2025-02",
    true,
  ),
  question("What PRSI is", "What is PRSI on my January 2025 payslip? (E1145)", kai, "2025-01", false),
  question(
    "December payslip and a certificate for a mortgage",
    "E1183: could you explain my December 2024 payslip and send me a salary certificate for a mortgage application?",
    juliaO,
    "2024-12",
    true,
  ),
  question(
    "First, prorated payslip",
    "My first payslip, for October 2024, was tiny. Why? I'm E1279.",
    graceL,
    "2024-10",
    false,
  ),
  question(
    "April payslip with a certificate",
    "E1060: explain my April 2025 payslip and give me a salary certificate, please.",
    tom,
    "2025-04",
    true,
  ),
  question("What FICA is", "E1029: what is FICA on my May 2025 payslip?", hannah, "2025-05", false),
  question(
    "March bonus and a certificate for the landlord",
    "E1057: my March 2025 payslip shows a bonus. Explain it, and send a salary certificate for my landlord.",
    daniel,
    "2025-03",
    true,
  ),
];
