import type { CountryCode } from "./holidays";

export type EmploymentType = "full_time" | "part_time" | "contractor" | "intern";
export type EmploymentStatus = "active" | "on_leave" | "terminated";
export type LeaveType = "annual" | "sick" | "parental" | "unpaid" | "compassionate";
export const LEAVE_TYPES: readonly LeaveType[] = ["annual", "sick", "parental", "unpaid", "compassionate"];

export type Location = { name: string; country: CountryCode; currency: "EUR" | "GBP" | "USD" };

export type Department = {
  id: string;
  name: string;
  parentId: string | null;
  headId: string;
  costCenter: string;
};

export type Contact = { phone: string; personalEmail: string; homeAddress: string };

export type Employee = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  jobTitle: string;
  /** 1 (junior) … 8 (chief executive). */
  level: number;
  departmentId: string;
  managerId: string | null;
  location: Location;
  startDate: string;
  employmentType: EmploymentType;
  /** Share of a full-time week, 0.5–1. */
  fte: number;
  status: EmploymentStatus;
  terminationDate: string | null;
  annualSalary: number;
  contact: Contact;
};

export type LeaveRequestStatus = "pending" | "approved" | "rejected" | "cancelled";

export type LeaveRequest = {
  id: string;
  employeeId: string;
  leaveType: LeaveType;
  startDate: string;
  endDate: string;
  halfDay: boolean;
  /** Working days the request takes from the balance. */
  days: number;
  reason: string | null;
  status: LeaveRequestStatus;
  approverId: string | null;
  decidedBy: string | null;
  comment: string | null;
  createdAt: string;
};

/** Annual leave carried over from the year before, and days taken before the requests the data set lists. */
export type AnnualLedger = { carriedOver: number; takenBefore: number };

export type Review = { id: string; employeeId: string; cycle: string; year: number; rating: number; reviewerId: string; summary: string };

export type Goal = {
  id: string;
  employeeId: string;
  cycle: string;
  title: string;
  due: string;
  status: "not_started" | "on_track" | "at_risk" | "completed";
  progress: number;
};

export type Training = {
  id: string;
  title: string;
  topic: string;
  startDate: string;
  endDate: string;
  format: "online" | "classroom" | "blended";
  location: string;
  capacity: number;
  /** Seats taken before the server started; enrolments through the server add to them. */
  seededEnrolled: number;
};

export type ExpenseStage = "submitted" | "manager_approval" | "finance_review" | "approved" | "paid" | "rejected";

export type ExpenseClaim = {
  id: string;
  employeeId: string;
  category: string;
  description: string;
  amount: number;
  currency: Location["currency"];
  submittedOn: string;
  stage: ExpenseStage;
  approverId: string;
  paidOn: string | null;
  rejectionReason: string | null;
};

/** The whole seeded data set; read-only after building. Changes made through tools live in the server's state. */
export type HrDataset = {
  departments: Department[];
  employees: Employee[];
  leaveRequests: LeaveRequest[];
  /** Annual leave outside the seeded requests, per employee and year, keyed "E1024/2025". */
  annualLedger: Map<string, AnnualLedger>;
  reviews: Review[];
  goals: Goal[];
  trainings: Training[];
  expenseClaims: ExpenseClaim[];
};
