import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/urok-config', ...env });

describe('TRUST_PROXY', () => {
  it('is off when unset or false', () => {
    expect(load({}).trustProxy).toBe(false);
    for (const value of ['false', '0', 'off', 'no', '']) {
      expect(load({ TRUST_PROXY: value }).trustProxy, value).toBe(false);
    }
  });

  it('refuses `true`, saying what to write instead', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => load({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => load({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: `true` trusts every hop.*the number of proxies in front of the server \(1\) or their addresses/,
      );
    }
  });

  it('takes a hop count', () => {
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => load({ TRUST_PROXY: '11' })).toThrow(/TRUST_PROXY: at most 10 proxies/);
  });

  it('takes the addresses of the proxies: addresses, CIDR ranges and proxy-addr names', () => {
    expect(load({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(load({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback' }).trustProxy).toEqual(
      ['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback'],
    );
  });

  it.each(['10.0.0.0/33', 'proxy.example', '127.0.0.1,', '10.0.0.1/8/8', '1.2.3', '::1/129', '-1'])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => load({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
    },
  );
});
