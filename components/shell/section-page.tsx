import type { LucideIcon } from "lucide-react";
import { EmptyState, PageHeader } from "@/components/ui";
import { getSection, hasAnyRole, type Role, type SectionId } from "@/lib/access";
import { sectionAccess } from "@/lib/session";
import { AccessDenied } from "./access-denied";

type RoleNote = { roles: Role[]; text: string };

/**
 * A section's page before its feature lands: what will be here, who may use it, and a note for the viewer's
 * role (the first of `notes` whose roles they hold, else `otherwise`). Refuses viewers the section does not admit.
 */
export async function SectionPage({
  sectionId,
  icon,
  title,
  notes,
  otherwise,
}: {
  sectionId: SectionId;
  icon: LucideIcon;
  title: string;
  notes: RoleNote[];
  otherwise: string;
}) {
  const { viewer, allowed } = await sectionAccess(sectionId);
  if (!allowed) return <AccessDenied sectionId={sectionId} viewer={viewer} />;
  const section = getSection(sectionId);
  const note = notes.find((candidate) => hasAnyRole(viewer.roles, candidate.roles))?.text ?? otherwise;
  return (
    <>
      <PageHeader title={section.label} description={section.purpose} />
      <EmptyState icon={icon} title={title} testId={`empty-${sectionId}`}>
        <p>{section.whoMayUse}</p>
        <p className="text-foreground">{note}</p>
      </EmptyState>
    </>
  );
}
