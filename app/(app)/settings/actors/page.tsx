import type { Metadata } from "next";
import { ActorsCard } from "@/components/actors/actors-card";
import type { ActorRowView, CatalogToolView, ToolkitRowView } from "@/components/actors/actor-types";
import { ToolkitsCard } from "@/components/actors/toolkits-card";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { listActorProfiles, listToolkits } from "@/lib/db/actors";
import { registryToolCatalog } from "@/lib/db/tools";
import { sectionAccess } from "@/lib/session";
import { deleteActorAction, deleteToolkitAction, saveActorAction, saveToolkitAction } from "./actions";

export const metadata: Metadata = { title: "Toolkits and actors" };

/**
 * Toolkits (named bundles of catalog tools) and actor profiles (persona, toolkit, executor model). Admins only; the
 * DAL checks again on every read and write. Only plain values reach the client: no dates, no tool schemas.
 */
export default async function ActorsSettingsPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  const loaded = await loadOrError(async () => {
    const [toolkits, actors, tools] = await Promise.all([
      listToolkits(viewer),
      listActorProfiles(viewer),
      registryToolCatalog(viewer).listTools(),
    ]);
    return { toolkits, actors, tools };
  });
  return (
    <div className="space-y-6" data-testid="actors-page">
      <PageHeader
        title="Toolkits and actors"
        description="Who carries out work and with which tools: routines and sub-routine steps name an actor, and planned runs hand each task to one whose toolkit fits."
      />
      {loaded.data === null ? (
        <Alert tone="error" title="Toolkits and actors could not be loaded" testId="actors-load-error">
          {loaded.error}
        </Alert>
      ) : (
        <ActorsSettings {...loaded.data} />
      )}
    </div>
  );
}

function ActorsSettings({
  toolkits,
  actors,
  tools,
}: {
  toolkits: Awaited<ReturnType<typeof listToolkits>>;
  actors: Awaited<ReturnType<typeof listActorProfiles>>;
  tools: Array<{ server: string; name: string; description?: string }>;
}) {
  const toolkitRows: ToolkitRowView[] = toolkits.map(({ id, name, description, tools, usedBy }) => ({
    id,
    name,
    description,
    tools,
    usedBy,
  }));
  const actorRows: ActorRowView[] = actors.map(({ id, name, persona, model, toolkit }) => ({
    id,
    name,
    persona,
    model,
    toolkitId: toolkit.id,
    toolkitName: toolkit.name,
  }));
  const catalog: CatalogToolView[] = tools
    .map(({ server, name, description }) => ({ server, name, description: description ?? "" }))
    .sort((a, b) => a.server.localeCompare(b.server, "en") || a.name.localeCompare(b.name, "en"));
  return (
    <>
      <ToolkitsCard
        toolkits={toolkitRows}
        catalog={catalog}
        saveAction={saveToolkitAction}
        deleteAction={deleteToolkitAction}
      />
      <ActorsCard
        actors={actorRows}
        toolkits={toolkitRows}
        saveAction={saveActorAction}
        deleteAction={deleteActorAction}
      />
    </>
  );
}
