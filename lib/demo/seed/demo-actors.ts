import "server-only";
import { recordAudit } from "../../db/audit";
import { prisma } from "../../db/core";
import { DEMO_HR_SERVER } from "../hr-tools";

// Toolkits over the demo HR server's tools and the actors that work with them, with stable ids, so a demo routine
// or a planned run can name them.

type DemoToolkit = { id: string; name: string; description: string; tools: string[] };
type DemoActor = { id: string; name: string; toolkitId: string; persona: string };

const LOOKUP = ["get_employee", "search_employees"];

export const DEMO_TOOLKITS: DemoToolkit[] = [
  {
    id: "toolkit-hr-records",
    name: "HR records",
    description: "Read-only lookups: people, departments, leave balances and policies, payslips, reviews, trainings.",
    tools: [
      ...LOOKUP,
      "get_department",
      "get_org_chart",
      "get_manager_chain",
      "get_leave_balance",
      "get_leave_policy",
      "list_holidays",
      "get_attendance",
      "get_payslip",
      "get_performance_reviews",
      "get_goals",
      "list_trainings",
    ],
  },
  {
    id: "toolkit-leave-desk",
    name: "Leave desk",
    description: "Leave requests from balance to booking, with the employee lookup and a notification.",
    tools: [
      ...LOOKUP,
      "get_leave_balance",
      "get_leave_policy",
      "list_holidays",
      "apply_leave",
      "approve_leave",
      "cancel_leave",
      "send_email_notification",
    ],
  },
  {
    id: "toolkit-payroll-desk",
    name: "Payroll desk",
    description: "Payslips, payroll summaries, overtime and expense claims, with the employee lookup.",
    tools: [
      ...LOOKUP,
      "get_payslip",
      "get_payroll_summary",
      "get_overtime",
      "get_expense_claim_status",
      "generate_document",
    ],
  },
];

export const DEMO_ACTORS: DemoActor[] = [
  {
    id: "actor-hr-assistant",
    name: "HR assistant",
    toolkitId: "toolkit-hr-records",
    persona:
      "You answer employees' questions about their HR records: who is who, leave balances and policies, payslips, reviews and trainings. You only look things up and never change a record; when a request needs a change, you say which desk handles it. You answer briefly and quote the figures you found.",
  },
  {
    id: "actor-leave-clerk",
    name: "Leave clerk",
    toolkitId: "toolkit-leave-desk",
    persona:
      "You handle leave requests for the HR department. You check the employee and their balance against the leave policy and public holidays before you book, cancel or approve anything, and you tell the employee what was done. You never book more days than the balance allows.",
  },
  {
    id: "actor-payroll-clerk",
    name: "Payroll clerk",
    toolkitId: "toolkit-payroll-desk",
    persona:
      "You answer payroll questions: payslips, deductions, overtime and expense claims. You look up the employee first, explain each figure from the payslip or summary you read, and produce documents only when asked. Salaries are confidential: you discuss an employee's pay with nobody but them.",
  },
];

/**
 * The demo toolkits and actors, into a database that has none yet (an admin's deletions are not undone on the next
 * start). Their tools name the demo HR server, which the start command registers later; toolkits are not checked
 * against the catalog here. Returns the actors' names.
 */
export async function seedDemoActors(): Promise<string[]> {
  if ((await prisma.toolkit.count()) > 0 || (await prisma.actorProfile.count()) > 0) return [];
  await prisma.$transaction(async (tx) => {
    for (const toolkit of DEMO_TOOLKITS) {
      const tools = toolkit.tools.map((name) => ({ server: DEMO_HR_SERVER, name }));
      await tx.toolkit.create({ data: { ...toolkit, tools: JSON.stringify(tools) } });
      await recordAudit(
        {
          action: "settings.toolkit_created",
          target: { type: "setting", id: toolkit.id },
          detail: { name: toolkit.name, source: "demo seed" },
        },
        tx,
      );
    }
    for (const actor of DEMO_ACTORS) {
      await tx.actorProfile.create({ data: { ...actor, model: null } });
      await recordAudit(
        {
          action: "settings.actor_created",
          target: { type: "setting", id: actor.id },
          detail: { name: actor.name, source: "demo seed" },
        },
        tx,
      );
    }
  });
  return DEMO_ACTORS.map((actor) => actor.name);
}
