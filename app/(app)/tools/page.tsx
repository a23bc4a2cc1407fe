import { Wrench } from "lucide-react";
import type { Metadata } from "next";
import { SectionPage } from "@/components/shell/section-page";

export const metadata: Metadata = { title: "Tools" };

export default function ToolsPage() {
  return (
    <SectionPage
      sectionId="tools"
      icon={Wrench}
      title="No tool servers registered"
      notes={[{ roles: ["admin"], text: "As an admin you will register MCP tool servers here; their tools then appear in every routine designer." }]}
      otherwise="Once an admin registers tool servers, you can browse their tools and parameters here."
    />
  );
}
