// A tiny static file server for one built remote, used by the "remote is down" e2e test so that the
// remote can really be stopped and started while the shell keeps running.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const dir = path.resolve(process.env.DIR ?? 'apps/mf-admin/dist');
const types = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.map': 'application/json' };
createServer((req, res) => {
  const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'access-control-allow-origin': '*',
    'cache-control': 'no-cache',
  });
  createReadStream(file).pipe(res);
}).listen(Number(process.env.PORT ?? 18190), '127.0.0.1');
