import { classifyAddress, RefusedAddressError, type Resolver, resolveTarget } from './address-guard';

test.each([
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.5.4', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'private'],
  ['fd12:3456::1', 'private'],
  ['64:ff9b::a00:1', 'private'],
  ['2002:c0a8:0101::1', 'private'],
  ['169.254.169.254', 'metadata'],
  ['fd00:ec2::254', 'metadata'],
  ['169.254.10.1', 'linkLocal'],
  ['fe80::1', 'linkLocal'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'multicast'],
  ['192.0.2.10', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['2001:db8::1', 'reserved'],
  // Forms that carry an IPv4 address: judged by it.
  ['::127.0.0.1', 'loopback'],
  ['::7f00:1', 'loopback'],
  ['::ffff:0:127.0.0.1', 'loopback'],
  ['::ffff:0:7f00:1', 'loopback'],
  ['0:0:0:0:ffff:0:7f00:1', 'loopback'],
  ['::169.254.169.254', 'metadata'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['64:ff9b::169.254.169.254', 'metadata'],
  ['2002:7f00:1::', 'loopback'],
  ['::10.0.0.1', 'private'],
  ['::ffff:0:192.168.0.1', 'private'],
  ['fec0::1', 'private'],
  ['64:ff9b:1::1', 'reserved'],
  ['2001::1', 'reserved'],
  ['::1%eth0', 'loopback'],
  ['0x7f.1', 'loopback'],
])('%s is %s', (address, kind) => {
  expect(classifyAddress(address)).toBe(kind);
});

test.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
  '%s is an ordinary public address',
  (address) => {
    expect(classifyAddress(address)).toBeNull();
  },
);

const answers =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolveTarget', () => {
  const resolve = answers({
    'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
    'mixed.example.com': ['93.184.216.34', '10.1.2.3'],
    'internal.example.com': ['10.1.2.3'],
  });

  test('answers the first address of a name whose every address is public', async () => {
    await expect(
      resolveTarget(new URL('https://hooks.example.com/x'), { allowedHosts: [], resolve }),
    ).resolves.toEqual({ address: '93.184.216.34', family: 4 });
  });

  test('one private address among public ones spoils the whole answer', async () => {
    await expect(
      resolveTarget(new URL('https://mixed.example.com/x'), { allowedHosts: [], resolve }),
    ).rejects.toThrow('No enviamos webhooks a mixed.example.com: apunta a una dirección de una red privada.');
  });

  test('a refused name never tells which address it resolved to (no map of the internal network)', async () => {
    const refusal = resolveTarget(new URL('https://internal.example.com/x'), { allowedHosts: [], resolve });
    await expect(refusal).rejects.toThrow(
      'No enviamos webhooks a internal.example.com: apunta a una dirección de una red privada.',
    );
    await expect(refusal).rejects.not.toThrow(/10\.1\.2\.3/);
  });

  test('an unresolvable name is refused as such', async () => {
    const refusal = resolveTarget(new URL('https://nadie.example.com/x'), { allowedHosts: [], resolve });
    await expect(refusal).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(refusal).rejects.toMatchObject({ reason: 'unresolvable' });
  });

  test('the allow-list admits host names, addresses and ranges, and nothing else', async () => {
    const url = new URL('http://internal.example.com/x');
    await expect(
      resolveTarget(url, { allowedHosts: ['internal.example.com'], resolve }),
    ).resolves.toMatchObject({
      address: '10.1.2.3',
    });
    await expect(resolveTarget(url, { allowedHosts: ['10.0.0.0/8'], resolve })).resolves.toMatchObject({
      address: '10.1.2.3',
    });
    await expect(
      resolveTarget(url, { allowedHosts: ['10.1.2.4', 'otro.example.com'], resolve }),
    ).rejects.toMatchObject({
      reason: 'refused',
    });
    await expect(
      resolveTarget(new URL('http://[::1]:8080/'), { allowedHosts: ['127.0.0.1'], resolve }),
    ).rejects.toThrow('::1');
    await expect(
      resolveTarget(new URL('http://[::1]:8080/'), { allowedHosts: ['::1'], resolve }),
    ).resolves.toEqual({ address: '::1', family: 6 });
  });
});

test.each([
  'http://[::127.0.0.1]/',
  'http://[::ffff:0:127.0.0.1]/',
  'http://[::ffff:127.0.0.1]:8080/',
  'http://0x7f.1/',
  'http://2130706433/',
])('%s (as a URL writes it) is refused as loopback', async (url) => {
  await expect(resolveTarget(new URL(url), { allowedHosts: [] })).rejects.toMatchObject({
    reason: 'refused',
  });
});
