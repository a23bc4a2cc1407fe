import { addDays, REFERENCE_DATE } from "./calendar";
import type { Random } from "./random";
import type { Department, Employee, EmploymentType, Location } from "./types";

export const LOCATIONS: Location[] = [
  { name: "Berlin", country: "DE", currency: "EUR" },
  { name: "Munich", country: "DE", currency: "EUR" },
  { name: "London", country: "GB", currency: "GBP" },
  { name: "Dublin", country: "IE", currency: "EUR" },
  { name: "New York", country: "US", currency: "USD" },
  { name: "Austin", country: "US", currency: "USD" },
];

type DepartmentPlan = { id: string; name: string; parentId: string | null; size: number; headTitle: string; titles: string[] };

/** Departments with their planned size (sums to 300) and the job titles their people hold. */
const DEPARTMENT_PLANS: DepartmentPlan[] = [
  { id: "D-EXEC", name: "Executive Office", parentId: null, size: 6, headTitle: "Chief Executive Officer", titles: ["Chief of Staff", "Executive Assistant", "Strategy Analyst"] },
  { id: "D-ENG", name: "Engineering", parentId: "D-EXEC", size: 62, headTitle: "VP Engineering", titles: ["Software Engineer", "Senior Software Engineer", "Staff Engineer", "QA Engineer", "Frontend Engineer"] },
  { id: "D-PLAT", name: "Platform Engineering", parentId: "D-ENG", size: 30, headTitle: "Director of Platform Engineering", titles: ["Site Reliability Engineer", "Platform Engineer", "Security Engineer", "Cloud Engineer"] },
  { id: "D-DATA", name: "Data & Analytics", parentId: "D-ENG", size: 20, headTitle: "Director of Data", titles: ["Data Engineer", "Data Scientist", "Analytics Engineer", "BI Analyst"] },
  { id: "D-PRD", name: "Product", parentId: "D-EXEC", size: 20, headTitle: "VP Product", titles: ["Product Manager", "Senior Product Manager", "Product Designer", "UX Researcher"] },
  { id: "D-SAL", name: "Sales", parentId: "D-EXEC", size: 42, headTitle: "VP Sales", titles: ["Account Executive", "Sales Development Representative", "Solutions Engineer", "Account Manager"] },
  { id: "D-MKT", name: "Marketing", parentId: "D-EXEC", size: 20, headTitle: "VP Marketing", titles: ["Marketing Manager", "Content Strategist", "Growth Marketer", "Brand Designer"] },
  { id: "D-FIN", name: "Finance", parentId: "D-EXEC", size: 16, headTitle: "Chief Financial Officer", titles: ["Financial Analyst", "Accountant", "Payroll Specialist", "Controller"] },
  { id: "D-HR", name: "People & HR", parentId: "D-EXEC", size: 14, headTitle: "Chief People Officer", titles: ["HR Business Partner", "Recruiter", "HR Generalist", "People Operations Specialist"] },
  { id: "D-OPS", name: "Operations", parentId: "D-EXEC", size: 24, headTitle: "VP Operations", titles: ["Operations Manager", "Office Manager", "IT Support Specialist", "Procurement Specialist"] },
  { id: "D-SUP", name: "Customer Support", parentId: "D-OPS", size: 36, headTitle: "Director of Customer Support", titles: ["Support Specialist", "Senior Support Specialist", "Technical Support Engineer", "Customer Success Manager"] },
  { id: "D-LEG", name: "Legal", parentId: "D-EXEC", size: 10, headTitle: "General Counsel", titles: ["Legal Counsel", "Paralegal", "Compliance Officer"] },
];

const FIRST_NAMES = [
  "Anna", "Ben", "Chloe", "Daniel", "Elena", "Felix", "Grace", "Hannah", "Ivan", "Julia", "Kai", "Laura", "Mateo", "Nora",
  "Oliver", "Priya", "Quentin", "Rosa", "Samuel", "Tara", "Umar", "Vera", "William", "Xenia", "Yusuf", "Zoe", "Aisha",
  "Bruno", "Clara", "David", "Emma", "Finn", "Greta", "Hugo", "Ines", "Jonas", "Keiko", "Liam", "Maya", "Niklas", "Olivia",
  "Paul", "Sofia", "Tom", "Lena", "Marcus", "Amara", "Leon",
];
const LAST_NAMES = [
  "Schmidt", "Müller", "Fischer", "Weber", "Wagner", "Becker", "Hoffmann", "Smith", "Jones", "Taylor", "Brown", "Wilson",
  "Murphy", "Kelly", "O'Brien", "Walsh", "Johnson", "Garcia", "Martinez", "Lee", "Nguyen", "Patel", "Kim", "Rossi",
  "Novak", "Kowalski", "Andersen", "Larsen", "Dubois", "Moreau", "Silva", "Costa", "Yamamoto", "Chen", "Okafor", "Haddad",
];
const STREETS = ["Main Street", "Lindenstraße", "Park Avenue", "Elm Road", "Harbour View", "Hauptstraße", "Station Road", "Oak Lane"];

const SALARY_BY_LEVEL = [0, 46_000, 56_000, 68_000, 82_000, 98_000, 118_000, 145_000, 230_000];
const SALARY_FACTOR: Record<Location["currency"], number> = { EUR: 0.92, GBP: 0.8, USD: 1.12 };

/** Builds the departments and about 300 employees; reporting lines form one tree under the CEO (E1000). */
export function buildOrganisation(random: Random): { departments: Department[]; employees: Employee[] } {
  const employees: Employee[] = [];
  const departments: Department[] = [];
  const usedEmails = new Set<string>();
  const headOf = new Map<string, string>();
  const newEmployee = (plan: DepartmentPlan, jobTitle: string, level: number, managerId: string | null, role: "head" | "lead" | "member") => {
    const employee = makeEmployee(random, employees.length, plan.id, jobTitle, level, managerId, role, usedEmails);
    employees.push(employee);
    return employee;
  };

  for (const plan of DEPARTMENT_PLANS) {
    const parentHead = plan.parentId ? headOf.get(plan.parentId)! : null;
    const head = newEmployee(plan, plan.headTitle, plan.parentId ? (plan.parentId === "D-EXEC" ? 7 : 6) : 8, parentHead, "head");
    headOf.set(plan.id, head.id);
    departments.push({ id: plan.id, name: plan.name, parentId: plan.parentId, headId: head.id, costCenter: `CC-${1000 + departments.length * 100}` });
    // About one team lead per eight people keeps spans of control realistic and the tree several levels deep.
    const leadCount = Math.max(0, Math.round((plan.size - 1) / 8));
    const leads = Array.from({ length: leadCount }, () => newEmployee(plan, leadTitle(plan), random.int(5, 6), head.id, "lead"));
    for (let index = 1 + leadCount; index < plan.size; index++) {
      const managerId = leads.length > 0 ? leads[index % leads.length].id : head.id;
      newEmployee(plan, random.pick(plan.titles), random.int(1, 5), managerId, "member");
    }
  }
  return { departments, employees };
}

function leadTitle(plan: DepartmentPlan): string {
  if (plan.id === "D-ENG" || plan.id === "D-PLAT" || plan.id === "D-DATA") return "Engineering Manager";
  if (plan.id === "D-FIN") return "Payroll Manager";
  return `${plan.name.replace(/ &.*$/, "")} Team Lead`;
}

function makeEmployee(
  random: Random,
  index: number,
  departmentId: string,
  jobTitle: string,
  level: number,
  managerId: string | null,
  role: "head" | "lead" | "member",
  usedEmails: Set<string>,
): Employee {
  const id = `E${1000 + index}`;
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const location = index === 0 ? LOCATIONS[0] : random.pick(LOCATIONS);
  const employmentType: EmploymentType =
    role !== "member" ? "full_time" : random.chance(0.04) ? "intern" : random.chance(0.06) ? "contractor" : random.chance(0.09) ? "part_time" : "full_time";
  const fte = employmentType === "part_time" ? random.pick([0.5, 0.6, 0.8]) : 1;
  // Leaders joined earlier; a few members joined in the last months, so "new hires" and prorating have data.
  const earliest = role === "member" ? 2016 : 2012;
  const startDate = index === 0 ? "2012-01-02" : addDays(`${random.int(earliest, 2024)}-01-01`, random.int(0, 364));
  const leaver = role === "member" && employmentType !== "intern" && random.chance(0.03);
  const status = leaver ? "terminated" : role === "member" && random.chance(0.03) ? "on_leave" : "active";
  const terminationDate = leaver ? addDays(REFERENCE_DATE, -random.int(20, 400)) : null;
  const base = SALARY_BY_LEVEL[level] * SALARY_FACTOR[location.currency] * (0.92 + random.next() * 0.16);
  const salaryScale = employmentType === "intern" ? 0.45 : 1;
  return {
    id,
    firstName,
    lastName,
    email: uniqueEmail(`${ascii(firstName)}.${ascii(lastName)}`, usedEmails),
    jobTitle: employmentType === "intern" ? `${jobTitle} Intern` : jobTitle,
    level,
    departmentId,
    managerId,
    location,
    startDate: terminationDate && startDate >= terminationDate ? addDays(terminationDate, -random.int(200, 900)) : startDate,
    employmentType,
    fte,
    status,
    terminationDate,
    annualSalary: Math.round((base * salaryScale) / 100) * 100,
    contact: {
      phone: `${phonePrefix(location)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
      personalEmail: `${ascii(firstName)}.${ascii(lastName)}${random.int(1, 99)}@mail.example.org`,
      homeAddress: `${random.int(1, 180)} ${random.pick(STREETS)}, ${random.int(10000, 99999)} ${location.name}`,
    },
  };
}

function uniqueEmail(local: string, used: Set<string>): string {
  let candidate = `${local}@northwind-hr.example`;
  for (let suffix = 2; used.has(candidate); suffix++) candidate = `${local}${suffix}@northwind-hr.example`;
  used.add(candidate);
  return candidate;
}

function ascii(name: string): string {
  return name.toLowerCase().normalize("NFD").replace(/[^a-z]/g, "");
}

function phonePrefix(location: Location): string {
  return { DE: "+49 30", GB: "+44 20", IE: "+353 1", US: "+1 212" }[location.country];
}
