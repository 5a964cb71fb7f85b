/** yyyy-MM-dd of `now` in the given time zone (Europe/Zurich by default). */
export const localDate = (timeZone = 'Europe/Zurich', now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
