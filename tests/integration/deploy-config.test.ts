/**
 * The deployment files (deploy/): Caddy with the systemd layout's variables has no admin API
 * (any local user could reconfigure it), and answers `/metrics` and `/readyz` with 404 at the
 * edge while passing the rest to the shop; the app unit trusts only Caddy's address and carries
 * the hardening lines. Uses Debian's `caddy` (installed by `npm test`, like the cluster tests).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';

import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CADDY_BIN, freePort, startCaddy, type CaddyProcess } from '../../scripts/lib/cluster.ts';

const run = promisify(execFile);

/** The `Environment=` settings of a systemd unit file (quoted or not, several per line). */
function unitEnvironment(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^Environment=(.*)$/.exec(line.trim());
    if (!m) continue;
    for (const part of m[1].match(/"[^"]*"|\S+/g) ?? []) {
      const [k, ...v] = part.replace(/^"|"$/g, '').split('=');
      out[k] = v.join('=');
    }
  }
  return out;
}

/** The unit's `Key=value` lines, by key (the last one wins, as in systemd for single values). */
function unitSettings(file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (m) out.set(m[1], m[2]);
  }
  return out;
}

describe('deploy/Caddyfile with the systemd drop-in (caddy-shop.conf)', () => {
  it('adapts with the admin API off', async () => {
    const env = unitEnvironment('deploy/systemd/caddy-shop.conf');
    expect(env.CADDY_ADMIN).toBe('off');
    const { stdout } = await run(CADDY_BIN, ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      env: { ...process.env, ...env, HOME: os.tmpdir() },
    });
    const config = JSON.parse(stdout) as { admin?: { disabled?: boolean } };
    expect(config.admin?.disabled).toBe(true);
    // and reload (which needs the admin API) is turned off, not left to fail
    expect(unitSettings('deploy/systemd/caddy-shop.conf').get('ExecReload')).toBe('');
  });

  describe('in front of an upstream that answers every path', () => {
    const seen: string[] = [];
    let upstream: http.Server;
    let caddy: CaddyProcess;

    beforeAll(async () => {
      upstream = http.createServer((req, res) => {
        seen.push(req.url ?? '');
        res.end('from the shop');
      });
      await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
      const port = (upstream.address() as AddressInfo).port;
      caddy = await startCaddy({ httpsPort: await freePort(), upstreams: [`127.0.0.1:${port}`], healthInterval: '1s' });
    }, 60_000);
    afterAll(async () => {
      await caddy?.stop();
      upstream?.close();
    });

    /** A GET through Caddy over https. */
    const get = (p: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        https
          .get(`${caddy.url}${p}`, { ca: caddy.rootCa() }, (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });

    it('answers /metrics and /readyz with 404 itself; other paths reach the shop', async () => {
      for (const p of ['/metrics', '/metrics/', '/readyz', '/readyz?x=1', '/METRICS']) {
        const res = await get(p);
        expect(res.status, p).toBe(404);
        expect(res.body, p).not.toContain('from the shop');
      }
      // the health check still asks the upstream's /readyz directly
      expect(seen.some((u) => u === '/readyz')).toBe(true);
      expect(seen.filter((u) => u.startsWith('/metrics'))).toEqual([]);
      const page = await get('/client/products');
      expect(page).toEqual({ status: 200, body: 'from the shop' });
      expect((await get('/healthz')).body).toBe('from the shop');
    });
  });
});

describe('deploy/systemd/casa-shop@.service', () => {
  const unit = unitSettings('deploy/systemd/casa-shop@.service');
  const env = unitEnvironment('deploy/systemd/casa-shop@.service');

  it("trusts only Caddy's address on the loopback interface", () => {
    expect(env.TRUST_PROXY).toBe('127.0.0.1');
    expect(env.HOST).toBe('127.0.0.1');
  });

  it('carries the hardening settings', () => {
    expect(
      Object.fromEntries(
        ['UMask', 'PrivateDevices', 'ProtectKernelModules', 'RestrictAddressFamilies', 'CapabilityBoundingSet', 'SystemCallArchitectures'].map((k) => [
          k,
          unit.get(k),
        ]),
      ),
    ).toEqual({
      UMask: '0077',
      PrivateDevices: 'yes',
      ProtectKernelModules: 'yes',
      RestrictAddressFamilies: 'AF_INET AF_INET6 AF_UNIX',
      CapabilityBoundingSet: '',
      SystemCallArchitectures: 'native',
    });
    for (const k of ['NoNewPrivileges', 'PrivateTmp', 'ProtectHome', 'ProtectKernelTunables', 'ProtectControlGroups', 'RestrictSUIDSGID', 'LockPersonality'])
      expect(unit.get(k), k).toBe('yes');
    expect(unit.get('ProtectSystem')).toBe('strict');
  });
});
