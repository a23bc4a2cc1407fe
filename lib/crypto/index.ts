// Sealing secrets at rest (AES-256-GCM).
export { SecretUnreadableError, openSecret, sealSecret } from "./secret-box";
