import type { ExpectedCall } from "../../evaluations/scoring";
import { applyLeave, type DemoCase, emailTo, exactly, lookUp, optional, person, type Person } from "./demo-case-calls";

// "Report sick leave": employees of the demo HR data off sick around the reference date 2025-06-16 (sick leave may
// be filed up to 30 days back). Whether a certificate is needed follows the sick-leave policy of their country in
// the demo data: Ireland from the 1st day, Germany and the US (company policy) from the 4th, the UK from the 8th.

const NEEDED = "Certificate needed";
const NOT_NEEDED = "No certificate needed";

const policy = (country: string): ExpectedCall => ({
  tool: "get_leave_policy",
  arguments: { leave_type: exactly("sick"), country: optional(country) },
});

type Sick = Person & { country: string; manager: Person };

/** Recorded, the employee told whether to send a certificate (`certificate`), the manager informed. */
function sick(name: string, request: string, who: Sick, start: string, end: string, certificate: boolean): DemoCase {
  return {
    name,
    request,
    inputs: { employee_id: who.id, start_date: start, end_date: end },
    expectedCalls: [
      lookUp(who),
      policy(who.country),
      applyLeave(who, "sick", start, end),
      emailTo(who),
      emailTo(who.manager),
    ],
    expectedPath: [certificate ? NEEDED : NOT_NEEDED],
  };
}

const employee = (id: string, local: string, country: string, manager: Person): Sick => ({
  ...person(id, local),
  country,
  manager,
});

const kaiM = person("E1001", "kai.martinez");
const tara = person("E1009", "tara.garcia");
const hugo = person("E1006", "hugo.andersen");
const davidL = person("E1010", "david.larsen");
const amara = person("E1012", "amara.fischer");
const leon = person("E1014", "leon.obrien");
const anna = person("E1011", "anna.fischer");

export const SICK_CASES: DemoCase[] = [
  sick(
    "One day in the UK, no certificate",
    "I'm ill today, 16 June 2025, and can't come in. This is E1024.",
    employee("E1024", "julia.nguyen", "GB", tara),
    "2025-06-16",
    "2025-06-16",
    false,
  ),
  sick(
    "Two days with the flu in Germany",
    "E1002: I have the flu and will be off today and tomorrow, 16 and 17 June 2025.",
    employee("E1002", "xenia.obrien", "DE", kaiM),
    "2025-06-16",
    "2025-06-17",
    false,
  ),
  sick(
    "Thursday and Friday last week, US",
    "I was sick on Thursday and Friday, 12 and 13 June 2025. Employee E1003.",
    employee("E1003", "emma.rossi", "US", kaiM),
    "2025-06-12",
    "2025-06-13",
    false,
  ),
  sick(
    "One day in Ireland needs a certificate",
    "E1009 here, I'm off sick today, 16 June 2025.",
    employee("E1009", "tara.garcia", "IE", hugo),
    "2025-06-16",
    "2025-06-16",
    true,
  ),
  sick(
    "A whole week in Germany",
    "E1004: I was off sick from Monday 2 to Friday 6 June 2025.",
    employee("E1004", "lena.fischer", "DE", kaiM),
    "2025-06-02",
    "2025-06-06",
    true,
  ),
  sick(
    "A whole week in the US",
    "Please record sick leave for E1025 from 9 to 13 June 2025; I had a bad infection.",
    employee("E1025", "samuel.schmidt", "US", davidL),
    "2025-06-09",
    "2025-06-13",
    true,
  ),
  sick(
    "Two weeks in the UK needs a fit note",
    "E1016: I've been off sick since Monday 2 June and I'm back on 16 June 2025, so 2 to 13 June.",
    employee("E1016", "greta.brown", "GB", tara),
    "2025-06-02",
    "2025-06-13",
    true,
  ),
  sick(
    "Two days in Ireland",
    "I was ill on 12 and 13 June 2025. E1027.",
    employee("E1027", "emma.martinez", "IE", amara),
    "2025-06-12",
    "2025-06-13",
    true,
  ),
  sick(
    "A migraine day in Germany",
    "E1033 has a migraine and is off sick today, 16 June 2025.",
    employee("E1033", "bruno.moreau", "DE", davidL),
    "2025-06-16",
    "2025-06-16",
    false,
  ),
  sick(
    "Two days in the US",
    "E1053: I'm sick and will stay home on 16 and 17 June 2025.",
    employee("E1053", "tara.patel", "US", leon),
    "2025-06-16",
    "2025-06-17",
    false,
  ),
  sick(
    "Four days in the UK, self-certified",
    "E1058: I was off sick from Tuesday 10 to Friday 13 June 2025.",
    employee("E1058", "jonas.weber", "GB", anna),
    "2025-06-10",
    "2025-06-13",
    false,
  ),
  sick(
    "Four days in Germany need a certificate",
    "E1037: I was off sick from Tuesday 10 to Friday 13 June 2025.",
    employee("E1037", "jonas.walsh", "DE", leon),
    "2025-06-10",
    "2025-06-13",
    true,
  ),
];
