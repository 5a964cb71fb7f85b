import { afterAll, describe, expect, it } from '@jest/globals';
import express from 'express';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../config/load-config.js';
import { serviceNetwork } from './service-network.js';

describe('serviceNetwork', () => {
  it('listens on 127.0.0.1 and trusts the loopback only by default', () => {
    expect(serviceNetwork({})).toEqual({ host: '127.0.0.1', trustProxy: ['loopback'] });
  });

  it('takes HOST and TRUSTED_PROXIES (IPs, CIDRs, presets) and refuses anything else', () => {
    expect(serviceNetwork({ HOST: '0.0.0.0', TRUSTED_PROXIES: '10.42.0.0/16, 127.0.0.1,loopback' })).toEqual({
      host: '0.0.0.0',
      trustProxy: ['10.42.0.0/16', '127.0.0.1', 'loopback'],
    });
    for (const bad of ['*', 'true', '10.0.0.0/33', 'gateway', ' , ']) {
      expect(() => serviceNetwork({ TRUSTED_PROXIES: bad })).toThrow(ConfigError);
    }
  });

  describe('X-Forwarded-For is believed from a trusted proxy only', () => {
    const app = express();
    app.set('trust proxy', serviceNetwork({ TRUSTED_PROXIES: '127.0.0.1' }).trustProxy);
    app.get('/ip', (req, res) => void res.json({ ip: req.ip }));
    const server = http.createServer(app);
    const listening = new Promise<void>((resolve) => server.listen(0, serviceNetwork({}).host, resolve));
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const ipSeenFrom = async (localAddress: string) => {
      await listening;
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      return new Promise<string>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: '/ip', localAddress, headers: { 'x-forwarded-for': '203.0.113.7' } },
            (res) => {
              let body = '';
              res.on('data', (c: Buffer) => (body += c.toString()));
              res.on('end', () => resolve((JSON.parse(body) as { ip: string }).ip));
            },
          )
          .on('error', reject);
      });
    };

    it('from the gateway (127.0.0.1): the forwarded client address', async () => {
      expect(await ipSeenFrom('127.0.0.1')).toBe('203.0.113.7');
    });

    it('from any other peer (127.0.0.2): the peer itself, the header is ignored', async () => {
      expect(await ipSeenFrom('127.0.0.2')).toBe('127.0.0.2');
    });
  });
});
