import type { JsonValue } from "../../lib/routine";

/** One benchmark request: which demo routine, what the person asked, and the run inputs the start form would hold. */
export type ContextRequest = {
  routine: "annual_leave" | "payslip";
  request: string;
  inputs: Record<string, JsonValue>;
};

const employees = Array.from({ length: 20 }, (_, at) => `E${1001 + at}`);

/** 20 leave requests (short stays and long ones that exceed the balance, so both ways are taken). */
const leave: ContextRequest[] = employees.map((employee, at) => {
  const start = new Date(Date.UTC(2025, 6 + (at % 5), 1 + at));
  // Leave starts on a working day: the demo HR server refuses a request that starts on a weekend.
  while (start.getUTCDay() === 0 || start.getUTCDay() === 6) start.setUTCDate(start.getUTCDate() + 1);
  const days = at % 4 === 3 ? 40 : 2 + (at % 5);
  const end = new Date(start.getTime() + (days - 1) * 86_400_000);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return {
    routine: "annual_leave",
    request: `${employee} would like annual leave from ${iso(start)} to ${iso(end)}.`,
    inputs: { employee_id: employee, start_date: iso(start), end_date: iso(end) },
  };
});

/** 10 payslip questions, half asking for a salary certificate. */
const payslips: ContextRequest[] = employees.slice(0, 10).map((employee, at) => ({
  routine: "payslip",
  request:
    at % 2 === 0
      ? `${employee} asks why the net pay of 2025-0${4 + (at % 2)} is lower than usual, and wants a salary certificate.`
      : `${employee} asks to have the deductions on the 2025-0${4 + (at % 2)} payslip explained.`,
  inputs: {},
}));

export const CONTEXT_REQUESTS: ContextRequest[] = [...leave, ...payslips];
