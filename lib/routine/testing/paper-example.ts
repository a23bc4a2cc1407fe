/**
 * The leave-request routine in the Routine paper's own text form (ROUTINE-PAPER.md): plain lines, no annotations.
 * Steps 3 and 4 and the branch lines are the paper's; the rest completes the procedure in the same style.
 */
export const LEAVE_REQUEST_TEXT = `Routine: Apply for leave
Handles an employee's request for annual leave.

Step 1. Receive request: read the employee's leave request, input employee id, leave dates, output requested days;
Step 2. Look up employee: find the employee's record, input employee id, output employee record, using get_employee tool;
Step 3. Check leave balance: look up the employee's remaining annual leave, input employee id, output remaining days, using get_leave_balance tool;
Step 4. Eligibility: This step performs a branch condition check:
Branch 4-1 Step 1. Approve: If the balance covers the request, perform the leave application, input employee id, leave dates, using apply_leave tool;
Branch 4-1 Step 2. Confirm: tell the employee the leave is booked, input employee id, using notify_employee tool;
Branch 4-2 Step 1. Reject: If the balance does not cover the request, perform a rejection notice, input employee id, using notify_employee tool and terminate the workflow;
Step 5. Record: write the leave into the team calendar, input employee id, leave dates, using update_calendar tool;
`;

/** The same routine in the paper's JSON form: `{ step, name, description, tool, type }`, branch steps "x-n_i". */
export const LEAVE_REQUEST_PAPER_JSON = [
  {
    step: "1",
    name: "Receive request",
    description: "read the employee's leave request, input employee id, leave dates, output requested days",
    tool: "",
    type: "node",
  },
  {
    step: "2",
    name: "Look up employee",
    description: "find the employee's record, input employee id, output employee record",
    tool: "get_employee",
    type: "node",
  },
  {
    step: "3",
    name: "Check leave balance",
    description: "look up the employee's remaining annual leave, input employee id, output remaining days",
    tool: "get_leave_balance",
    type: "node",
  },
  {
    step: "4",
    name: "Eligibility",
    description: "This step performs a branch condition check",
    tool: "",
    type: "branch",
  },
  {
    step: "4-1_1",
    name: "Approve",
    description: "If the balance covers the request, perform the leave application, input employee id, leave dates",
    tool: "apply_leave",
    type: "branchnode",
  },
  {
    step: "4-1_2",
    name: "Confirm",
    description: "tell the employee the leave is booked, input employee id",
    tool: "notify_employee",
    type: "branchnode",
  },
  {
    step: "4-2_1",
    name: "Reject",
    description: "If the balance does not cover the request, perform a rejection notice, input employee id",
    tool: "notify_employee",
    type: "finish",
  },
  {
    step: "5",
    name: "Record",
    description: "write the leave into the team calendar, input employee id, leave dates",
    tool: "update_calendar",
    type: "node",
  },
];

/**
 * The leave request as an expert writes it in the Routine paper's text form (ROUTINE-PAPER.md), with the demo HR
 * catalog's tool names: seven lines, input and output descriptions in plain words, no annotations.
 */
export const LEAVE_REQUEST_CATALOG_TEXT = `Routine: Apply for leave
Handles an employee's request for annual leave.

Step 1. Receive request: read the employee's leave request, input the requester id and the leave dates, output the employee id, the leave type, the start date and the end date;
Step 2. Look up employee: find the employee's record, input the employee id, output the employee record, using get_employee tool;
Step 3. Check leave balance: look up the employee's remaining annual leave, input the requester id and the employee id, output remaining days, using get_leave_balance tool;
Step 4. Eligibility: This step performs a branch condition check:
Branch 4-1 Step 1. Approve: If the balance covers the request, perform the leave application, input the employee id, the leave type, the start date and the end date, output the leave request id, using apply_leave tool;
Branch 4-1 Step 2. Confirm: tell the employee the leave is booked, input the employee's email address, using send_email_notification tool;
Branch 4-2 Step 1. Reject: If the balance does not cover the request, explain why to the employee, input the employee's email address, using send_email_notification tool and terminate the workflow;
`;
