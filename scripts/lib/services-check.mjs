// Fails early, with a clear message, when a server the tests need is not running.
import net from 'node:net';

/** Host and port of the first server of a URL from the environment (NATS_URL may list several). */
function target(envUrl, fallback) {
  try {
    const url = new URL((envUrl || fallback).split(',')[0].trim());
    return { host: url.hostname, port: Number(url.port) };
  } catch {
    const url = new URL(fallback);
    return { host: url.hostname, port: Number(url.port) };
  }
}

const SERVICES = [
  { name: 'PostgreSQL', host: '127.0.0.1', port: 5432 },
  { name: 'NATS (JetStream)', ...target(process.env.NATS_URL, 'nats://127.0.0.1:4222') },
  { name: 'Redis', ...target(process.env.REDIS_URL, 'redis://127.0.0.1:6379') },
];

function reachable({ host, port }) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

export async function checkServices() {
  const missing = [];
  for (const svc of SERVICES) if (!(await reachable(svc))) missing.push(`${svc.name} (${svc.host}:${svc.port})`);
  if (missing.length) {
    console.error(`✖ Nicht erreichbar: ${missing.join(', ')}. Die Tests brauchen diese Server (siehe README).`);
    process.exit(1);
  }
}
