import Link from "next/link";
import { Alert } from "@/components/ui";
import { libraryHref } from "./library-toolbar";

export type NoticeKind = "created" | "archived" | "restored";

/** Says what the last action in the library did, with the next step. */
export function LibraryNotice({
  kind,
  routine,
  q,
}: {
  kind: NoticeKind;
  routine: { id: string; name: string };
  q: string;
}) {
  const link = "font-medium text-accent hover:underline";
  return (
    <div className="mb-4" data-testid="library-notice" data-notice={kind}>
      <Alert tone="success">
        {kind === "created" ? (
          <>
            “{routine.name}” was created.{" "}
            <Link href={`/routines/${routine.id}`} className={link} data-testid="library-notice-open">
              Open it
            </Link>
          </>
        ) : kind === "archived" ? (
          <>
            “{routine.name}” was archived and is hidden from the library.{" "}
            <Link href={libraryHref({ q, showArchived: true })} className={link}>
              Show archived routines
            </Link>{" "}
            to restore it.
          </>
        ) : (
          <>“{routine.name}” was restored.</>
        )}
      </Alert>
    </div>
  );
}
