import type { MemoryDocument } from "../types";

/** A memory document; ids derive from the name unless given. */
export function memoryDocument(overrides: Partial<MemoryDocument> & { name: string }): MemoryDocument {
  const slug = overrides.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return {
    routineId: slug,
    versionId: `${slug}-v1`,
    description: "",
    intents: [],
    steps: [],
    tools: [],
    ...overrides,
  };
}

/** Four routines with distinct vocabularies, for tests that need a small library. */
export function sampleLibrary(): MemoryDocument[] {
  return [
    memoryDocument({
      name: "Request time off",
      description: "Book vacation for an employee after checking the balance.",
      intents: ["I want to take vacation next week", "Book annual leave"],
      steps: [
        { name: "Check leave balance", description: "Remaining days this year." },
        { name: "Submit the leave request", description: "File the dates for approval." },
      ],
      tools: ["get_leave_balance", "apply_leave"],
    }),
    memoryDocument({
      name: "Reset a forgotten password",
      description: "Verify the user's identity and reset their directory password.",
      intents: ["I forgot my password"],
      steps: [{ name: "Reset the password", description: "Set a temporary password." }],
      tools: ["reset_password"],
    }),
    memoryDocument({
      name: "Approve a supplier invoice",
      description: "Match the invoice with its purchase order, then approve it for payment.",
      intents: ["Approve the invoice from Acme"],
      steps: [{ name: "Three-way match", description: "Compare invoice, purchase order and goods receipt." }],
      tools: ["get_invoice", "approve_invoice"],
    }),
    memoryDocument({
      name: "Order a new laptop",
      description: "Request a laptop for an employee and schedule delivery.",
      intents: ["I need a new laptop"],
      steps: [{ name: "Place the order", description: "Order the hardware from the catalog." }],
      tools: ["order_hardware"],
    }),
  ];
}
