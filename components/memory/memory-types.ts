import type { SettingChangeView } from "@/components/settings/setting-change";
import type { MemoryThresholds, Retrieval } from "@/lib/memory";

/** A retrieval as the calibration screen shows it: the request as it was tried, and what came back. */
export type RetrievalView = Retrieval & { request: string };

/** The thresholds in effect, as the page hands them over (plain values). */
export type MemoryThresholdsFormView = SettingChangeView & { thresholds: MemoryThresholds };
