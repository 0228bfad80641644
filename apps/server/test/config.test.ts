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

  it('refuses a range that holds every address (0.0.0.0/0, ::/0 or nearly that wide) as it refuses `true`', () => {
    for (const value of ['0.0.0.0/0', '::/0', '127.0.0.1,0.0.0.0/0', '0.0.0.0/1', '::/7']) {
      expect(() => load({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: ".*\/\d" trusts every hop.*the number of proxies in front of the server \(1\)/,
      );
    }
    expect(load({ TRUST_PROXY: '10.0.0.0/8,fc00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fc00::/8',
    ]);
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

describe('STORAGE_URL and the S3 settings', () => {
  it('stores on the local disk when unset', () => {
    expect(load({}).storage).toEqual({ kind: 'disk' });
    expect(load({}).uploadsDir).toBe('/tmp/urok-config/uploads');
  });

  it('takes a bucket and an optional prefix; path style follows S3_ENDPOINT unless set', () => {
    expect(load({ STORAGE_URL: 's3://school-files', S3_REGION: 'eu-central-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'school-files',
      prefix: '',
      endpoint: undefined,
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    expect(
      load({
        STORAGE_URL: 's3://urok/school/uploads/',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'urok',
      prefix: 'school/uploads/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(
      load({
        STORAGE_URL: 's3://urok',
        S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
        S3_REGION: 'auto',
        S3_FORCE_PATH_STYLE: 'false',
      }).storage,
    ).toMatchObject({ region: 'auto', forcePathStyle: false });
  });

  it('a bad value stops the start, naming the variable', () => {
    for (const [name, value] of [
      ['STORAGE_URL', '/var/urok/uploads'],
      ['STORAGE_URL', 's3://'],
      ['STORAGE_URL', 's3://Bad_Bucket'],
      ['S3_ENDPOINT', 'minio:9000'],
      ['S3_REGION', 'EU Central'],
      ['S3_FORCE_PATH_STYLE', 'maybe'],
    ] as const) {
      expect(() => load({ STORAGE_URL: 's3://urok', [name]: value }), value).toThrow(
        new RegExp(`${name}: `),
      );
    }
  });
});

describe('TZ, the school’s time zone', () => {
  it('is Europe/Kyiv when unset or empty, never UTC by accident', () => {
    expect(loadConfig({}).timeZone).toBe('Europe/Kyiv');
    expect(loadConfig({ TZ: '' }).timeZone).toBe('Europe/Kyiv');
  });

  it('takes a time zone name (and the POSIX leading colon)', () => {
    expect(loadConfig({ TZ: 'Europe/Warsaw' }).timeZone).toBe('Europe/Warsaw');
    expect(loadConfig({ TZ: ':America/New_York' }).timeZone).toBe('America/New_York');
    expect(loadConfig({ TZ: 'UTC' }).timeZone).toBe('UTC');
  });

  it('a bad name stops the start, naming the variable', () => {
    expect(() => loadConfig({ TZ: 'Europe/Atlantis' })).toThrow(/TZ/);
  });
});
