import { ListChecks } from "lucide-react";
import type { Metadata } from "next";
import { SectionPage } from "@/components/shell/section-page";

export const metadata: Metadata = { title: "Routines" };

export default function RoutinesPage() {
  return (
    <SectionPage
      sectionId="routines"
      icon={ListChecks}
      title="No routines yet"
      notes={[{ roles: ["author", "admin"], text: "As an author you will create routines here: blank, from an expert's text draft, or from JSON." }]}
      otherwise="Routines appear here once authors create them; you can open any of them to read it."
    />
  );
}
