import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { listDeadLetters, replayDeadLetters } from './dead-letters.js';
import { EventsConnection } from './events.connection.js';
import { resolveEventsOptions } from './events.options.js';

/**
 * Lists and replays a service's dead-lettered events. Run in the service's container (its
 * DATABASE_URL, NATS_URL, NATS_STREAM, NATS_USER/NATS_PASSWORD):
 *
 *   node libs/nest-common/dist/events/dead-letters.cli.js list [--consumer <durable>] [--all]
 *   node libs/nest-common/dist/events/dead-letters.cli.js replay <id>… | --consumer <durable> | --all-open
 */
const USAGE = `usage: dead-letters.cli.js list [--consumer <name>] [--all]
       dead-letters.cli.js replay <id>... | --consumer <name> | --all-open`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.indexOf(name);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || (command !== 'list' && command !== 'replay')) {
    console.error(databaseUrl ? USAGE : `DATABASE_URL is not set\n${USAGE}`);
    return 2;
  }
  const dataSource = new DataSource({ type: 'postgres', url: databaseUrl, applicationName: 'zunft-dead-letters' });
  await dataSource.initialize();
  try {
    const consumer = flag('--consumer');
    if (command === 'list') {
      const rows = await listDeadLetters(dataSource, { consumer, includeReplayed: rest.includes('--all') });
      for (const r of rows) {
        console.log(
          [r.id, r.failedAt, r.consumer, r.type ?? '-', r.eventId ?? '-', r.replayedAt ?? 'open', r.reason].join('\t'),
        );
      }
      console.log(`${rows.length} dead letter(s)`);
      return 0;
    }
    const ids = rest.filter((a) => /^[0-9a-f-]{36}$/i.test(a));
    if (ids.length === 0 && !consumer && !rest.includes('--all-open')) {
      console.error(USAGE);
      return 2;
    }
    const options = resolveEventsOptions({
      serviceName: 'dead-letter-replay',
      natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    });
    const connection = await EventsConnection.connect(options);
    try {
      const replayed = await replayDeadLetters(dataSource, connection, { ids: ids.length ? ids : undefined, consumer });
      console.log(`replayed ${replayed.length} dead letter(s)${replayed.length ? `: ${replayed.join(', ')}` : ''}`);
    } finally {
      await connection.onApplicationShutdown();
    }
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
