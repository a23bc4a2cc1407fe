import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { DesignerSkeleton } from "@/components/designer/designer-skeleton";
import { AccessDenied } from "@/components/shell/access-denied";
import { sectionAccess } from "@/lib/session";
import { routineExists } from "@/lib/db/library";
import { DesignerContent, workingRoutineUrl } from "./designer-content";

export const metadata: Metadata = { title: "Designer" };

/**
 * The designer. The shell streams at once with a skeleton, so the browser fetches the designer's scripts while
 * the server reads the routine; a missing routine is still a 404, checked before streaming starts.
 */
export default async function RoutineDesignerPage({ params }: { params: Promise<{ id: string }> }) {
  const { viewer, allowed } = await sectionAccess("routines");
  if (!allowed) return <AccessDenied sectionId="routines" viewer={viewer} />;
  const { id } = await params;
  if (!(await routineExists(viewer, id).catch(() => true))) notFound();
  return (
    <>
      {/*
        Early in the page, so the browser fetches the routine while it loads the designer's scripts; the designer
        asks for the same URL once it runs and gets this answer. (react-dom's preload() only reaches the browser
        inside the RSC payload, after the scripts.)
      */}
      <link rel="preload" as="fetch" href={workingRoutineUrl(id)} crossOrigin="anonymous" />
      <Suspense fallback={<DesignerSkeleton />}>
        <DesignerContent id={id} viewer={viewer} />
      </Suspense>
    </>
  );
}
