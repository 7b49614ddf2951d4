import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
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

type Range = { address: string; prefix: number; family: 4 | 6; kind: RangeKind };
type RangeKind = keyof typeof webhookMessages.addressKinds;

/** Special-purpose ranges (IANA registries) that are never a webhook receiver on the internet. */
const blockedRanges: Range[] = [
  { address: '0.0.0.0', prefix: 8, family: 4, kind: 'unspecified' },
  { address: '10.0.0.0', prefix: 8, family: 4, kind: 'private' },
  { address: '100.64.0.0', prefix: 10, family: 4, kind: 'private' },
  { address: '127.0.0.0', prefix: 8, family: 4, kind: 'loopback' },
  { address: '169.254.169.254', prefix: 32, family: 4, kind: 'metadata' },
  { address: '169.254.0.0', prefix: 16, family: 4, kind: 'linkLocal' },
  { address: '172.16.0.0', prefix: 12, family: 4, kind: 'private' },
  { address: '192.0.0.0', prefix: 24, family: 4, kind: 'reserved' },
  { address: '192.0.2.0', prefix: 24, family: 4, kind: 'reserved' },
  { address: '192.88.99.0', prefix: 24, family: 4, kind: 'reserved' },
  { address: '192.168.0.0', prefix: 16, family: 4, kind: 'private' },
  { address: '198.18.0.0', prefix: 15, family: 4, kind: 'reserved' },
  { address: '198.51.100.0', prefix: 24, family: 4, kind: 'reserved' },
  { address: '203.0.113.0', prefix: 24, family: 4, kind: 'reserved' },
  { address: '224.0.0.0', prefix: 4, family: 4, kind: 'multicast' },
  { address: '240.0.0.0', prefix: 4, family: 4, kind: 'reserved' },
  { address: '::', prefix: 128, family: 6, kind: 'unspecified' },
  { address: '::1', prefix: 128, family: 6, kind: 'loopback' },
  { address: 'fd00:ec2::254', prefix: 128, family: 6, kind: 'metadata' },
  { address: '100::', prefix: 64, family: 6, kind: 'reserved' },
  { address: '2001::', prefix: 32, family: 6, kind: 'reserved' },
  { address: '2001:db8::', prefix: 32, family: 6, kind: 'reserved' },
  { address: 'fc00::', prefix: 7, family: 6, kind: 'private' },
  { address: 'fe80::', prefix: 10, family: 6, kind: 'linkLocal' },
  { address: 'fec0::', prefix: 10, family: 6, kind: 'linkLocal' },
  { address: 'ff00::', prefix: 8, family: 6, kind: 'multicast' },
];

const rangeLists = blockedRanges.map((range) => {
  const list = new BlockList();
  list.addSubnet(range.address, range.prefix, range.family === 4 ? 'ipv4' : 'ipv6');
  return { list, range };
});

/** The 16 bytes of an IPv6 address (any textual form, an embedded dotted quad included). */
function ipv6Bytes(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a, b, c, d] = dotted[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return all.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

/**
 * IPv6 forms that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96, 6to4
 * 2002::/16) are judged by that IPv4 address: ::ffff:127.0.0.1 is loopback.
 */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const quad = (from: number) => bytes.slice(from, from + 4).join('.');
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return quad(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(2);
  return null;
}

/** What kind of special address this is, or null for an ordinary (public) one. */
export function classifyAddress(address: string): RangeKind | null {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  if (family === 6) {
    const ipv4 = embeddedIpv4(address);
    if (ipv4) return classifyAddress(ipv4);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return (
    rangeLists.find(({ list, range }) => range.family === family && list.check(address, type))?.range.kind ??
    null
  );
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
