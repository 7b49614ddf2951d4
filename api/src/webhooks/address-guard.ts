import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { webhookMessages } from './messages';

/**
 * Server-side request forgery guard for outbound webhooks. A user chooses the URL, so without it
 * the server would post to its own loopback services, the private network behind it, or the cloud
 * metadata endpoint (169.254.169.254) on their behalf. The check runs on the addresses the name
 * resolves to (not on the name), and the connection is then pinned to the address that was
 * checked, so a second DNS answer (DNS rebinding) cannot swap in a private one.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to every address (tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};

export class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  constructor(
    /** unresolvable: DNS gave no address; refused: an address is off limits. */
    readonly reason: 'unresolvable' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

type RangeKind = keyof typeof webhookMessages.addressKinds;

/**
 * ipaddr.js's names for special-purpose ranges (IANA registries), in our words. Every other range
 * it knows but `unicast` (reserved, benchmarking, documentation, Teredo, AS112, ORCHID…) is
 * `reserved`: nothing a webhook receiver on the internet lives at.
 */
const kindOfRange: Record<string, RangeKind> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  carrierGradeNat: 'private',
  deprecatedSiteLocal: 'private',
  linkLocal: 'linkLocal',
  multicast: 'multicast',
  unspecified: 'unspecified',
};

/** Cloud metadata endpoints (AWS, GCP, Azure, OpenStack; AWS's IPv6 one), refused by name. */
const metadataAddresses = ['169.254.169.254', 'fd00:ec2::254'].map((text) => ipaddr.parse(text).toString());

/** NAT64's well-known prefix (RFC 6052): the last 32 bits are the IPv4 address reached. */
const nat64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * The IPv4 address an IPv6 form carries and reaches: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still routed by
 * some stacks), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). Such a form is judged by
 * that IPv4 address: [::127.0.0.1] and [::ffff:0:127.0.0.1] are loopback.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const last = () => ipaddr.fromByteArray(bytes.slice(12)) as ipaddr.IPv4;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145') return last();
  if (address.match(nat64)) return last();
  if (range === '6to4') return ipaddr.fromByteArray(bytes.slice(2, 6)) as ipaddr.IPv4;
  const compatible = bytes.slice(0, 12).every((byte) => byte === 0);
  if (compatible && range !== 'unspecified' && range !== 'loopback') return last();
  return null;
}

/** What kind of special address this is, or null for an ordinary (public unicast) one. */
export function classifyAddress(text: string): RangeKind | null {
  if (!ipaddr.isValid(text)) return 'reserved';
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv6') {
    const ipv4 = embeddedIpv4(address as ipaddr.IPv6);
    if (ipv4) return classifyAddress(ipv4.toString());
  }
  if (metadataAddresses.includes(address.toString())) return 'metadata';
  const range = address.range();
  if (range === 'unicast') return null;
  return kindOfRange[range] ?? 'reserved';
}

/** The allow-list setting (WEBHOOK_ALLOWED_HOSTS): exact host names, addresses and CIDR ranges. */
export type AddressPolicy = { allowedHosts: readonly string[]; resolve?: Resolver };

function allowListOf(entries: readonly string[]) {
  const names = new Set<string>();
  const ranges = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) names.add(entry.toLowerCase());
    else if (prefix === undefined) ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else ranges.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    allowsName: (hostname: string) => names.has(hostname.toLowerCase()),
    allowsAddress: (address: string) => ranges.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6'),
  };
}

/** The host of a URL as DNS and sockets know it: IPv6 literals without their brackets. */
export const bareHostname = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The address to connect to for `url`, after checking every address its host resolves to.
 * Refused (RefusedAddressError, with a Spanish message for the owner) when any of them is
 * loopback, private, link-local, metadata or otherwise special and not on the allow-list: one
 * bad answer among good ones is how rebinding attacks start, so it spoils the whole answer.
 */
export async function resolveTarget(url: URL, policy: AddressPolicy): Promise<ResolvedAddress> {
  const hostname = bareHostname(url);
  const allow = allowListOf(policy.allowedHosts);
  const literal = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(hostname);
    } catch {
      throw new RefusedAddressError('unresolvable', webhookMessages.unresolvable(hostname));
    }
    if (addresses.length === 0)
      throw new RefusedAddressError('unresolvable', webhookMessages.unresolvable(hostname));
  }
  if (!allow.allowsName(hostname)) {
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind && !allow.allowsAddress(address))
        throw new RefusedAddressError(
          'refused',
          literal !== 0
            ? webhookMessages.refusedAddress(address, kind)
            : webhookMessages.refusedName(hostname, kind),
        );
    }
  }
  return addresses[0] as ResolvedAddress;
}
