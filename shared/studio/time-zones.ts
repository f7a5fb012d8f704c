// IANA time zone names, as the runtime's Intl knows them: the bridge, the core and the CLI accept the same ones.

/** Whether `zone` is an IANA zone this runtime knows (so a day or a month can be computed in it). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
