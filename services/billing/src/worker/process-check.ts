import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** R, S, D, Z (zombie), … */
  state: string;
  cmdline: string;
}

/** Processes of this machine (Linux /proc; empty elsewhere). */
export function listProcesses(): ProcessInfo[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const result: ProcessInfo[] = [];
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …" – comm may contain spaces and parentheses.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      result.push({ pid: Number(name), ppid: Number(rest[1]), state: rest[0] ?? '?', cmdline });
    } catch {
      // The process ended while we looked.
    }
  }
  return result;
}

/**
 * Chromium processes left over from our browsers (found by their profile directory, which every
 * Chromium child carries on its command line) and zombie children of this process.
 */
export function leftoverBrowserProcesses(userDataDirs: readonly string[]): ProcessInfo[] {
  return listProcesses().filter(
    (p) =>
      p.pid !== process.pid &&
      ((p.ppid === process.pid && p.state === 'Z') || userDataDirs.some((dir) => p.cmdline.includes(dir))),
  );
}
