/**
 * Who a request comes from, for rate limits. The socket address, unless the operator
 * declared the proxy in front of us as trusted: only then does X-Forwarded-For count,
 * and only its entry added by that proxy (the right-most one), which a client cannot forge.
 */
export function clientAddress(
  request: Request,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = request.headers.get('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last;
  }
  return socketAddress ?? 'unknown';
}

/**
 * What a client is counted as by every per-client limit: an IPv4 address itself, an IPv6
 * address its /64 (one subscriber's network: ISPs hand out at least a /64, so one machine
 * can pick from 2^64 addresses), an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a
 * dual-stack socket reports IPv4) the IPv4 address. Anything else is kept as it is.
 */
export function clientKey(address: string): string {
  const groups = ipv6Groups(address.replace(/%.*$/, ''));
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, or undefined for anything that is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!address.includes(':')) return undefined;
  let host: string;
  try {
    // The URL parser validates the address and writes it in its one canonical form (lowercase, IPv4 tail as hex).
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const [head, tail] = host.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
