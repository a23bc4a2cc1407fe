import { ListChecks, SearchX } from "lucide-react";
import Link from "next/link";
import { ButtonLink, EmptyState } from "@/components/ui";
import { libraryHref } from "./library-toolbar";

type Props = { q: string; showArchived: boolean; canCreate: boolean; hiddenArchived: number };

/** What the library shows with no rows: no match for the search, or no routines yet (with what to do next). */
export function LibraryEmpty({ q, showArchived, canCreate, hiddenArchived }: Props) {
  if (q) {
    return (
      <EmptyState
        icon={SearchX}
        title={`No routines match “${q}”`}
        testId="routines-no-match"
        action={
          <ButtonLink href={libraryHref({ q: "", showArchived })} variant="secondary">
            Clear the search
          </ButtonLink>
        }
      >
        <p>The search looks at names and descriptions. Try fewer or different words.</p>
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={ListChecks} title="No routines yet" testId="empty-routines">
      <p>Routines are step-by-step plans that an agent follows to call your tools.</p>
      <p className="text-foreground" data-testid="empty-routines-note">
        {canCreate
          ? "Create the first one with New routine: start blank, paste an expert's step-by-step text, or import JSON."
          : "Authors create routines; once they do, they are listed here for you to open and read."}
      </p>
      {hiddenArchived > 0 ? (
        <p>
          {hiddenArchived === 1 ? "1 archived routine is" : `${hiddenArchived} archived routines are`} hidden.{" "}
          <Link href={libraryHref({ q, showArchived: true })} className="font-medium text-accent hover:underline">
            Show archived
          </Link>
        </p>
      ) : null}
    </EmptyState>
  );
}
