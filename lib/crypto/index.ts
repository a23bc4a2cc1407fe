// Sealing secrets at rest (AES-256-GCM), keyed digests of values that must not be stored readable, and the
// credentials a URL may carry.
export { contentHash, routineContentHash } from "./content-hash";
export { SecretUnreadableError, keyedDigest, openSecret, sealSecret } from "./secret-box";
export {
  openUrlCredentials,
  sameDestination,
  sealUrlCredentials,
  splitUrlCredentials,
  withUrlCredentials,
} from "./url-credentials";
export type { UrlCredentials } from "./url-credentials";
