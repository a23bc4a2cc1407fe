import { ShieldAlert } from "lucide-react";
import { ButtonLink, EmptyState } from "@/components/ui";
import { getSection, ROLE_INFO, type SectionId } from "@/lib/access";
import type { Viewer } from "@/lib/db/users";

/** Shown instead of a page the viewer's roles do not open: what is needed, what they hold, what to do. */
export function AccessDenied({ sectionId, viewer }: { sectionId: SectionId; viewer: Viewer }) {
  const section = getSection(sectionId);
  const needed = section.roles.map((role) => ROLE_INFO[role].label.toLowerCase());
  const held = viewer.roles.map((role) => ROLE_INFO[role].label.toLowerCase());
  return (
    <EmptyState
      icon={ShieldAlert}
      title={`You don't have access to ${section.label}`}
      testId="access-denied"
      action={
        <ButtonLink href="/" variant="secondary">
          Go to your start page
        </ButtonLink>
      }
    >
      <p data-testid="access-denied-message">
        {section.label} needs the {formatList(needed)} role. You are signed in with the{" "}
        {held.length > 0 ? formatList(held) : "no"} role
        {held.length === 1 ? "" : "s"}. Ask an admin if you need access.
      </p>
    </EmptyState>
  );
}

function formatList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}
