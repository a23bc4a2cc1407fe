/** A run worker as the workers page shows it: plain values only (dates as ISO strings) for the client. */
export type WorkerRowView = {
  id: string;
  host: string;
  pid: number;
  status: "alive" | "lost" | "stopped";
  runIds: string[];
  concurrency: number;
  startedAt: string;
  heartbeatAt: string;
};
