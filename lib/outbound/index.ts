// Outbound requests to servers admins configure (tool servers, model endpoints): one policy for which addresses may be
// contacted (OUTBOUND_ALLOWED_NETWORKS opens special ranges; link-local and metadata stay closed), a save-time check
// of a URL, and a fetch that applies the policy on every connection and follows no redirect. Server only.
import "server-only";

export { addressKind, isMetadataHostname, type AddressKind } from "./address-kind";
export { formatIp, parseIp, type IpAddress } from "./ip-address";
export {
  ALLOWED_NETWORKS_VARIABLE,
  configuredOutboundPolicy,
  judgeAddress,
  parseAllowedNetworks,
  refusalReason,
  type AddressVerdict,
  type AllowedNetwork,
  type OutboundPolicy,
  type RefusedKind,
} from "./policy";
export { judgeHost, systemResolver, type HostVerdict, type ResolvedAddress, type Resolver } from "./resolve";
export { checkOutboundUrl, portOf, type UrlCheck } from "./url-check";
export {
  createGuardedFetch,
  findOutboundRefusal,
  guardedFetch,
  OutboundRefusedError,
  type GuardedFetchOptions,
} from "./guarded-fetch";
