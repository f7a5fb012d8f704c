// Time zone names, one rule for the bridge, the core, the CLI and the usage page: IANA names as the runtime's
// Intl knows them ('Europe/Berlin', 'UTC'). An offset such as '+08:00' is not a zone name: Intl accepts it, but
// the gateway's tz is an IANA name ([EP-USAGE-PARAM-5]) and a fixed offset has no daylight saving to follow.

/** Whether `zone` is an IANA zone name this runtime knows (so a day or a month can be computed in it). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone this process runs in, as an IANA name ('UTC' when the system names none). */
export function systemTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA zone this runtime knows, for a picker; the system's zone and UTC are always among them. */
export function timeZoneNames(): string[] {
  const names = new Set(Intl.supportedValuesOf('timeZone'));
  names.add('UTC');
  names.add(systemTimeZone());
  return [...names].sort();
}
