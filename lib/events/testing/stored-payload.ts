import { STORED_VERSION_KEY } from "../stored-events";

/**
 * A stored event's `payload` column as its data, without the version stamp the store writes into it (decision 0039),
 * for tests that read rows directly and compare what an event says.
 */
export function payloadData(payload: string): Record<string, unknown> {
  const { [STORED_VERSION_KEY]: _version, ...data } = JSON.parse(payload) as Record<string, unknown>;
  return data;
}
