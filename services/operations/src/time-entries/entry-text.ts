import { ianaTimeZone, type TimeEntryDto } from '@zunft/contracts';

const formats = new Map<string, { day: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  const zone = ianaTimeZone(timeZone);
  let f = formats.get(zone);
  if (!f) {
    f = {
      day: new Intl.DateTimeFormat('de-CH', { timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric' }),
      time: new Intl.DateTimeFormat('de-CH', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    };
    formats.set(zone, f);
  }
  return f;
}

/**
 * An entry as people name it in a message, in the company's time zone:
 * `18.11.2026 08:00–12:30, «Badsanierung» (P-0001)`; a running one ends in `…`.
 */
export function describeEntry(
  e: Pick<TimeEntryDto, 'start_time' | 'end_time' | 'project_title' | 'project_number'>,
  timeZone: string,
): string {
  const f = formatsFor(timeZone);
  const start = new Date(e.start_time);
  const end = e.end_time ? f.time.format(new Date(e.end_time)) : '…';
  return `${f.day.format(start)} ${f.time.format(start)}–${end}, «${e.project_title}» (${e.project_number})`;
}
