import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_TYPES } from './events.js';

/*
 * The event catalogue in docs/architecture.md is kept true by this test: every event type of
 * `eventDataSchemas` has exactly one line `| \`type\` | publisher | consumers | when |`, and no line
 * names a type that does not exist.
 */
const ARCHITECTURE = path.resolve(import.meta.dirname, '../../../docs/architecture.md');

function catalogueTypes(markdown: string): string[] {
  const start = markdown.indexOf('## Event catalogue');
  if (start < 0) throw new Error('docs/architecture.md has no "## Event catalogue" section');
  const next = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, next < 0 ? undefined : next);
  return [...section.matchAll(/^\|\s*`([a-z][a-z0-9.-]*)`\s*\|/gm)].map((m) => m[1] as string);
}

describe('event catalogue (docs/architecture.md)', () => {
  const listed = catalogueTypes(readFileSync(ARCHITECTURE, 'utf8'));

  it('has a line for every event type', () => {
    expect(EVENT_TYPES.filter((type) => !listed.includes(type))).toEqual([]);
  });

  it('lists only existing event types, each once', () => {
    expect(listed.filter((type) => !(EVENT_TYPES as string[]).includes(type))).toEqual([]);
    expect(listed.filter((type, i) => listed.indexOf(type) !== i)).toEqual([]);
  });

  it('finds the table at all', () => {
    expect(listed.length).toBeGreaterThan(40);
  });
});
