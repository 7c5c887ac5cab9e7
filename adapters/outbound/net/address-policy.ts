import ipaddr from 'ipaddr.js'

/**
 * Which IP addresses an outbound request may reach when private networks are
 * not allowed: only global unicast. Everything an attacker could use to reach
 * the service's own network (loopback, RFC 1918, CGNAT, link-local incl. the
 * cloud metadata address, unique-local, multicast, reserved, ...) is refused,
 * and so are IPv6 forms that embed such an IPv4 address (mapped, compatible,
 * NAT64, 6to4).
 *
 * Cloud metadata services are marked (`metadata: true`): they are refused even
 * when private networks are allowed (NOTETAKER_ALLOW_PRIVATE_URLS exists for
 * local receivers and feeds, never to reach a machine's cloud credentials).
 */
export type AddressVerdict =
  | { readonly allowed: true; readonly address: string; readonly family: 4 | 6 }
  | { readonly allowed: false; readonly address: string; readonly reason: string; readonly metadata: boolean }

/**
 * Addresses of cloud metadata services, refused whatever the settings (also in
 * the IPv6 forms that embed them: mapped, compatible, NAT64, 6to4):
 * - 169.254.169.254: AWS EC2, Azure, Google Cloud, Oracle, DigitalOcean, OpenStack and most others;
 * - 169.254.170.2: AWS ECS task metadata and credentials;
 * - 169.254.170.23 and fd00:ec2::23: AWS EKS Pod Identity credentials;
 * - 100.100.100.200: Alibaba Cloud;
 * - fd00:ec2::254: AWS EC2 over IPv6.
 */
export const METADATA_ADDRESSES: ReadonlyArray<string> = ['169.254.169.254', '169.254.170.2', '169.254.170.23', '100.100.100.200', 'fd00:ec2::254', 'fd00:ec2::23']

/** Host names of cloud metadata services (Google Cloud's), refused whatever the settings and whatever DNS says. */
export const METADATA_NAMES: ReadonlyArray<string> = ['metadata.google.internal', 'metadata']

const METADATA_V4 = new Set(METADATA_ADDRESSES.filter((a) => ipaddr.IPv4.isValidFourPartDecimal(a)))
const METADATA_V6 = new Set(METADATA_ADDRESSES.filter((a) => !METADATA_V4.has(a)).map((a) => ipaddr.IPv6.parse(a).toNormalizedString()))

/** Whether a URL host (lowercased by the URL parser, maybe with a final dot) names a cloud metadata service. */
export const isMetadataName = (host: string): boolean => METADATA_NAMES.includes(host.toLowerCase().replace(/\.$/, ''))

const OF_METADATA = ' of a cloud metadata service'

const V4_WORDS: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  reserved: 'a reserved address',
  as112: 'a reserved (AS112) address',
  amt: 'a reserved (AMT) address',
}

const V6_WORDS: Readonly<Record<string, string>> = {
  unspecified: 'an unspecified address',
  linkLocal: 'a link-local address',
  multicast: 'a multicast address',
  loopback: 'a loopback address',
  uniqueLocal: 'a unique-local (private) address',
  teredo: 'a Teredo tunnel address',
  rfc6052: 'a local-use NAT64 address',
}

const fromWords = (hi: number, lo: number): ipaddr.IPv4 => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])

/** The IPv4 address an IPv6 address stands for, when it is one of the embedding forms. */
const embeddedV4 = (ip: ipaddr.IPv6): ipaddr.IPv4 | null => {
  const p = ip.parts as [number, number, number, number, number, number, number, number]
  switch (ip.range()) {
    case 'ipv4Mapped':
      return ip.toIPv4Address()
    case 'rfc6145':
      return fromWords(p[6], p[7])
    case 'rfc6052': // 64:ff9b::/96 is well-known NAT64; 64:ff9b:1::/48 (local use) has no fixed layout
      return p[2] === 0 ? fromWords(p[6], p[7]) : null
    case '6to4':
      return fromWords(p[1], p[2])
    default:
      // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks)
      return p.slice(0, 6).every((w) => w === 0) && (p[6] !== 0 || p[7] > 1) ? fromWords(p[6], p[7]) : null
  }
}

const judgeV4 = (ip: ipaddr.IPv4, shown: string): AddressVerdict => {
  const range = ip.range()
  const metadata = METADATA_V4.has(ip.toString())
  if (range === 'unicast' && !metadata) return { allowed: true, address: ip.toString(), family: 4 }
  const words = range === 'unicast' ? 'an address' : (V4_WORDS[range] ?? `a special-purpose address (${range})`)
  return { allowed: false, address: shown, reason: metadata ? `${words}${OF_METADATA}` : words, metadata }
}

const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3')

const judgeV6 = (ip: ipaddr.IPv6, shown: string): AddressVerdict => {
  const v4 = embeddedV4(ip)
  if (v4 !== null) {
    const inner = judgeV4(v4, shown)
    return inner.allowed
      ? { allowed: true, address: ip.toRFC5952String(), family: 6 }
      : { ...inner, reason: `${inner.reason} (${v4.toString()} inside an IPv6 address)` }
  }
  const range = ip.range()
  const metadata = METADATA_V6.has(ip.toNormalizedString())
  if (range === 'unicast' && ip.match(GLOBAL_UNICAST_V6) && !metadata) return { allowed: true, address: ip.toRFC5952String(), family: 6 }
  const words = V6_WORDS[range] ?? 'a reserved or special-purpose address'
  return { allowed: false, address: shown, reason: metadata ? `${words}${OF_METADATA}` : words, metadata }
}

/**
 * Judges one address as DNS or a URL gave it (dotted IPv4 or IPv6, brackets
 * allowed). Anything that does not parse as an address is refused.
 */
export const judgeAddress = (raw: string): AddressVerdict => {
  const text = raw.replace(/^\[(.*)\]$/, '$1')
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return judgeV4(ipaddr.IPv4.parse(text), raw)
  if (ipaddr.IPv6.isValid(text) && !text.includes('%')) return judgeV6(ipaddr.IPv6.parse(text), raw)
  return { allowed: false, address: raw, reason: 'not a valid IP address', metadata: false }
}

/** Whether a URL host is an IP literal (after the URL parser's normalisation). */
export const isIpLiteral = (host: string): boolean => {
  const text = host.replace(/^\[(.*)\]$/, '$1')
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text)
}

/** Family of a literal address, for a pinned lookup when private addresses are allowed. */
export const familyOf = (address: string): 4 | 6 => (address.includes(':') ? 6 : 4)
