const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * The wall-clock time of `instant` in `timeZone`, as a Date whose UTC fields read that time.
 * Spreadsheets have no time zones: a cell shows a Date's UTC fields, so this is how an export
 * shows local time.
 */
export function wallClock(instant: Date, timeZone: string): Date {
  const parts: Record<string, number> = {};
  for (const part of formatFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return new Date(
    Date.UTC(
      parts.year ?? 1970,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      parts.hour ?? 0,
      parts.minute ?? 0,
      parts.second ?? 0,
      instant.getUTCMilliseconds(),
    ),
  );
}
