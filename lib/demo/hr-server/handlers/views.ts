import type { Employee } from "../data/types";

/** The few fields that identify a person in lists and references. */
export function personRef(employee: Employee) {
  return {
    employee_id: employee.id,
    name: fullName(employee),
    job_title: employee.jobTitle,
    department_id: employee.departmentId,
  };
}

export function fullName(employee: Employee): string {
  return `${employee.firstName} ${employee.lastName}`;
}

/** Still on the payroll on `date`: joined and not yet left. */
export function employedOn(employee: Employee, date: string): boolean {
  return employee.startDate <= date && (!employee.terminationDate || employee.terminationDate > date);
}

/** Rounds money to cents. */
export function money(amount: number): number {
  return Math.round(amount * 100) / 100;
}
