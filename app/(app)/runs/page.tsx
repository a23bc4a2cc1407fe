import { PlayCircle } from "lucide-react";
import type { Metadata } from "next";
import { SectionPage } from "@/components/shell/section-page";

export const metadata: Metadata = { title: "Runs" };

export default function RunsPage() {
  return (
    <SectionPage
      sectionId="runs"
      icon={PlayCircle}
      title="No runs yet"
      notes={[{ roles: ["operator", "admin"], text: "As an operator you will start runs of published routines here and follow each step live." }]}
      otherwise="Runs of your routines will be listed here, with every step and tool call."
    />
  );
}
