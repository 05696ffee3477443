/**
 * Zone names, old and current (issue 32 item 5), without the list of offered zones: all a screen
 * that formats a time needs, small enough for the first page. The list is in time-zones.ts.
 */

/**
 * Old names and the zone each now is: the names ICU (so browsers and Node) still reports as
 * canonical, zones IANA merged into another since, and the usual spellings of UTC.
 */
export const LEGACY_TIME_ZONES: Readonly<Record<string, string>> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "America/Montreal": "America/Toronto",
  "America/Nipigon": "America/Toronto",
  "America/Rainy_River": "America/Winnipeg",
  "America/Santa_Isabel": "America/Tijuana",
  "America/Thunder_Bay": "America/Toronto",
  "America/Yellowknife": "America/Edmonton",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Choibalsan": "Asia/Ulaanbaatar",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Ulan_Bator": "Asia/Ulaanbaatar",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Australia/Currie": "Australia/Hobart",
  "Etc/GMT": "UTC",
  "Etc/UCT": "UTC",
  "Etc/UTC": "UTC",
  "Etc/Universal": "UTC",
  "Etc/Zulu": "UTC",
  "Europe/Kiev": "Europe/Kyiv",
  "Europe/Uzhgorod": "Europe/Kyiv",
  "Europe/Zaporozhye": "Europe/Kyiv",
  GMT: "UTC",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Johnston": "Pacific/Honolulu",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
  UCT: "UTC",
  Universal: "UTC",
  Zulu: "UTC",
};

/** For each current name, the old names a runtime without it may know instead. */
const OLD_NAMES = new Map<string, string[]>();
for (const [old, current] of Object.entries(LEGACY_TIME_ZONES)) {
  OLD_NAMES.set(current, [...(OLD_NAMES.get(current) ?? []), old]);
}

const runtimeNames = new Map<string, string | null>();
/** The name this runtime's ICU gives a zone (US/Eastern: America/New_York); null when unknown. */
export function runtimeName(zone: string): string | null {
  // Remembered: building a DateTimeFormat loads the zone's ICU data, ~1 ms on a phone, and every
  // time a page shows asks for its zone's name.
  let found = runtimeNames.get(zone);
  if (found === undefined) {
    try {
      found = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    } catch {
      found = null;
    }
    runtimeNames.set(zone, found);
  }
  return found;
}

/**
 * A name of the zone this runtime can format with: the current name when it knows it, else an old
 * name of it that it knows (an older browser without Europe/Kyiv still knows Europe/Kiev); null
 * when it knows neither.
 */
export function runtimeTimeZone(zone: string): string | null {
  if (runtimeName(zone)) return zone;
  for (const old of OLD_NAMES.get(zone) ?? []) if (runtimeName(old)) return old;
  return null;
}

/**
 * The current name of a zone: Asia/Kolkata for Asia/Calcutta, America/New_York for US/Eastern
 * (any alias this runtime knows); the name itself when the runtime does not know it.
 */
export function currentZoneName(zone: string): string {
  const mapped = LEGACY_TIME_ZONES[zone];
  if (mapped) return mapped;
  const known = runtimeName(zone);
  return known ? (LEGACY_TIME_ZONES[known] ?? known) : zone;
}
