import { COMMENTER_ROLES, DECIDER_ROLES, ForbiddenError, hasAnyRole, type Role, WRITER_ROLES } from "../../access";
import { ConflictError } from "../core";
import type { RoutineStatus } from "../routines";

// Who may move a version through review, in one place: the writes enforce these verdicts and the review page
// shows the same ones with their reasons, so a button is never offered that the server then refuses.

/** Whether the viewer may do something, and in a few words why not. */
export type Permission = { allowed: true } | { allowed: false; reason: string };

type Refusal = {
  allowed: false;
  /** Short, for a disabled button's hint ("you optimized this version"). */
  reason: string;
  /** A full sentence, for the error a refused write throws. */
  message: string;
  kind: "role" | "four_eyes" | "state";
};
export type Verdict = { allowed: true } | Refusal;

export type Actor = { id: string; roles: readonly Role[] };

/** Where a version stands, which is all most rules need. */
export type StateFacts = { number: number; status: RoutineStatus; archived: boolean };

/** What the rules need to know about a version. */
export type VersionFacts = StateFacts & {
  authorId: string | null;
  optimizedById: string | null;
  /** Everyone who changed its content: saved it, accepted changed tools, ran the planner, created or restored it. */
  editorIds: readonly string[];
  /** Everyone who submitted this version for review (from the audit log). */
  submitterIds: readonly string[];
};

const ALLOWED = { allowed: true } as const;

const STATUS_WORDS: Record<RoutineStatus, string> = {
  draft: "a draft",
  in_review: "in review",
  approved: "approved",
  published: "published",
  rejected: "rejected",
  archived: "archived",
};

/** "Version 3 is approved": how refusals name where a version stands. */
export function describeVersion(number: number, status: RoutineStatus): string {
  return `Version ${number} is ${STATUS_WORDS[status]}`;
}

const refuse = (kind: Refusal["kind"], reason: string, message: string): Refusal => ({
  allowed: false,
  kind,
  reason,
  message,
});

const archivedRefusal = () =>
  refuse("state", "the routine is archived", "This routine is archived; restore it from the library first.");

function roleRefusal(roles: readonly Role[], actor: Actor): Refusal | null {
  if (hasAnyRole(actor.roles, roles)) return null;
  const named = roles.filter((role) => role !== "admin");
  return refuse("role", `needs the ${named.join(" or ")} role`, `This needs the ${roles.join(" or ")} role.`);
}

/** How the actor took part in writing the version, if they did: the four-eyes rule forbids them to decide on it. */
function ownPart(actor: Actor, facts: VersionFacts): string | null {
  if (facts.optimizedById === actor.id) return "you optimized this version";
  if (facts.authorId === actor.id) return "you wrote this version";
  if (facts.editorIds.includes(actor.id)) return "you edited this version";
  if (facts.submitterIds.includes(actor.id)) return "you submitted this version";
  return null;
}

/**
 * Approve, request changes or reject: a reviewer or admin, on a version in review they did not write, edit, optimize
 * or submit.
 */
export function decideVerdict(actor: Actor, facts: VersionFacts): Verdict {
  const role = roleRefusal(DECIDER_ROLES, actor);
  if (role) return role;
  if (facts.archived) return archivedRefusal();
  if (facts.status !== "in_review") {
    return refuse(
      "state",
      "not in review",
      `${describeVersion(facts.number, facts.status)}, not in review; there is nothing to decide.`,
    );
  }
  const part = ownPart(actor, facts);
  if (part) return refuse("four_eyes", part, `Another reviewer must decide: ${part} (four-eyes rule).`);
  return ALLOWED;
}

/** Comment on a version: authors, reviewers and admins, while the routine is not archived. */
export function commentVerdict(actor: Actor, facts: Pick<StateFacts, "archived">): Verdict {
  return roleRefusal(COMMENTER_ROLES, actor) ?? (facts.archived ? archivedRefusal() : ALLOWED);
}

/** Publish (or roll back to) a version: a reviewer or admin, on an approved version that is not the published one. */
export function publishVerdict(actor: Actor, facts: StateFacts): Verdict {
  const role = roleRefusal(DECIDER_ROLES, actor);
  if (role) return role;
  if (facts.archived) return archivedRefusal();
  if (facts.status === "published")
    return refuse("state", "already published", `Version ${facts.number} is already the published version.`);
  if (facts.status !== "approved") {
    return refuse(
      "state",
      "not approved",
      `${describeVersion(facts.number, facts.status)}; only an approved version can be published.`,
    );
  }
  return ALLOWED;
}

/** Take a version back out of review: an author or admin, while it is in review. */
export function withdrawVerdict(actor: Actor, facts: StateFacts): Verdict {
  const role = roleRefusal(WRITER_ROLES, actor);
  if (role) return role;
  if (facts.archived) return archivedRefusal();
  if (facts.status !== "in_review")
    return refuse("state", "not in review", `${describeVersion(facts.number, facts.status)}, not in review.`);
  return ALLOWED;
}

/** Submit the working version: an author or admin, while it is a draft (validation is checked on submitting). */
export function submitVerdict(actor: Actor, working: StateFacts): Verdict {
  const role = roleRefusal(WRITER_ROLES, actor);
  if (role) return role;
  if (working.archived) return archivedRefusal();
  if (working.status !== "draft") {
    return refuse(
      "state",
      "not a draft",
      `${describeVersion(working.number, working.status)}; only a draft can be submitted for review.`,
    );
  }
  return ALLOWED;
}

/** Start a new draft: an author or admin, when the working version is neither a draft nor in review. */
export function startDraftVerdict(actor: Actor, working: StateFacts): Verdict {
  const role = roleRefusal(WRITER_ROLES, actor);
  if (role) return role;
  if (working.archived) return archivedRefusal();
  if (working.status === "draft")
    return refuse("state", "already a draft", `Version ${working.number} is already a draft; edit it instead.`);
  if (working.status === "in_review") {
    return refuse(
      "state",
      "in review",
      `Version ${working.number} is in review; withdraw it first to start a new draft.`,
    );
  }
  return ALLOWED;
}

/** Resolve a comment: its writer, the version's author, or an admin. */
export function resolveVerdict(
  actor: Actor,
  comment: { authorId: string | null },
  version: { authorId: string | null },
): Verdict {
  if (hasAnyRole(actor.roles, ["admin"]) || comment.authorId === actor.id || version.authorId === actor.id)
    return ALLOWED;
  const reason = "only the comment's writer, the version's author or an admin";
  return refuse(
    "role",
    reason,
    "Only the comment's writer, the version's author or an admin can resolve this comment.",
  );
}

/** The verdict without its internals, for pages. */
export function toPermission(verdict: Verdict): Permission {
  return verdict.allowed ? ALLOWED : { allowed: false, reason: verdict.reason };
}

/**
 * Throws what a refused write should: ForbiddenError for a missing role or the four-eyes rule (the action layer
 * shows "You are not allowed to do that: Another reviewer must decide: …"), ConflictError for a version in the
 * wrong state.
 */
export function enforce(verdict: Verdict, roles: readonly Role[]): void {
  if (verdict.allowed) return;
  if (verdict.kind === "state") throw new ConflictError(verdict.message);
  throw new ForbiddenError(roles, verdict.message);
}
