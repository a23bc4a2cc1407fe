import type { DemoRoutineKey } from "./demo-routines";
import type { DemoCase } from "./demo-case-calls";
import { LEAVE_CASES } from "./demo-cases-leave";
import { PAYSLIP_CASES } from "./demo-cases-payslip";
import { SICK_CASES } from "./demo-cases-sick";

export type { DemoCase } from "./demo-case-calls";

const CASES: Record<DemoRoutineKey, DemoCase[]> = {
  annual_leave: LEAVE_CASES,
  payslip: PAYSLIP_CASES,
  sick_leave: SICK_CASES,
};

/**
 * The test cases a demo routine starts with: requests of the paper's HR scenario over the demo HR data, each with
 * the calls a correct run makes and the branch it takes. Fresh copies, so a caller cannot change them.
 */
export function demoCases(key: DemoRoutineKey): DemoCase[] {
  return structuredClone(CASES[key]);
}
