import { BrainCircuit, ChevronRight, Cpu, History, Plug, Scale, Server, UserCog, Users } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { AccessDenied } from "@/components/shell/access-denied";
import { Card, PageHeader } from "@/components/ui";
import { sectionAccess } from "@/lib/session";

export const metadata: Metadata = { title: "Settings" };

const AREAS = [
  {
    href: "/settings/users",
    icon: Users,
    title: "Users and roles",
    text: "Invite people, assign roles, deactivate accounts.",
    testId: "settings-users",
  },
  {
    href: "/settings/audit",
    icon: History,
    title: "Audit log",
    text: "Who signed in, and who changed which user or role.",
    testId: "settings-audit",
  },
  {
    href: "/settings/models",
    icon: Cpu,
    title: "Model endpoints",
    text: "The OpenAI-compatible endpoint, API key and model of the planner, executor and other roles; token usage.",
    testId: "settings-models",
  },
  {
    href: "/settings/memory",
    icon: BrainCircuit,
    title: "Procedure memory",
    text: "Try requests against the published routines and tune when a match is good enough.",
    testId: "settings-memory",
  },
  {
    href: "/settings/publish-gate",
    icon: Scale,
    title: "Publish gate",
    text: "Whether a version that scores lower than the published one is judged on point figures or on a 95% interval.",
    testId: "settings-publish-gate",
  },
  {
    href: "/settings/actors",
    icon: UserCog,
    title: "Toolkits and actors",
    text: "Bundle catalog tools into toolkits; define the actors (persona, toolkit, executor model) that carry out work.",
    testId: "settings-actors",
  },
  {
    href: "/settings/workers",
    icon: Server,
    title: "Run workers",
    text: "The processes that carry out runs: where each runs, its last heartbeat and the runs in its hands.",
    testId: "settings-workers",
  },
  {
    href: "/settings/integrations",
    icon: Plug,
    title: "Integrations",
    text: "The MCP endpoint that offers published routines to AI assistants as tools: its address, a client configuration, which routines it offers.",
    testId: "settings-integrations",
  },
] as const;

export default async function SettingsPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  return (
    <>
      <PageHeader title="Settings" description="Administration of this Routine Studio installation. Admins only." />
      <div className="grid gap-4 md:grid-cols-2">
        {AREAS.map(({ href, icon: Icon, title, text, testId }) => (
          <Link key={href} href={href} data-testid={testId} className="group rounded-xl">
            <Card className="flex h-full items-center gap-4 px-5 py-4 transition-colors group-hover:border-accent">
              <Icon className="size-5 text-accent" aria-hidden="true" />
              <div className="flex-1">
                <p className="font-medium text-foreground">{title}</p>
                <p className="text-sm text-muted">{text}</p>
              </div>
              <ChevronRight className="size-4 text-muted" aria-hidden="true" />
            </Card>
          </Link>
        ))}
      </div>
    </>
  );
}
