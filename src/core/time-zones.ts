/**
 * The time zones a member can pick (issue 32 item 5): one list, the same in the picker and in the
 * server's validation, by their current IANA names (Asia/Kolkata, Europe/Kyiv), whatever names the
 * browser's or the server's ICU data still use (Asia/Calcutta, Europe/Kiev). Pure: no I/O.
 */

import { currentZoneName, LEGACY_TIME_ZONES, runtimeName, runtimeTimeZone } from "./time-zone-names";

export { currentZoneName, LEGACY_TIME_ZONES, runtimeTimeZone };

/** Every offered zone but UTC, by region: the city part, space-separated. */
const REGIONS: Record<string, string> = {
  Africa:
    "Abidjan Accra Addis_Ababa Algiers Asmara Bamako Bangui Banjul Bissau Blantyre " +
    "Brazzaville Bujumbura Cairo Casablanca Ceuta Conakry Dakar Dar_es_Salaam Djibouti Douala " +
    "El_Aaiun Freetown Gaborone Harare Johannesburg Juba Kampala Khartoum Kigali Kinshasa " +
    "Lagos Libreville Lome Luanda Lubumbashi Lusaka Malabo Maputo Maseru Mbabane Mogadishu " +
    "Monrovia Nairobi Ndjamena Niamey Nouakchott Ouagadougou Porto-Novo Sao_Tome Tripoli " +
    "Tunis Windhoek",
  America:
    "Adak Anchorage Anguilla Antigua Araguaina Argentina/Buenos_Aires Argentina/Catamarca " +
    "Argentina/Cordoba Argentina/Jujuy Argentina/La_Rioja Argentina/Mendoza " +
    "Argentina/Rio_Gallegos Argentina/Salta Argentina/San_Juan Argentina/San_Luis " +
    "Argentina/Tucuman Argentina/Ushuaia Aruba Asuncion Atikokan Bahia Bahia_Banderas " +
    "Barbados Belem Belize Blanc-Sablon Boa_Vista Bogota Boise Cambridge_Bay Campo_Grande " +
    "Cancun Caracas Cayenne Cayman Chicago Chihuahua Ciudad_Juarez Costa_Rica Coyhaique " +
    "Creston Cuiaba Curacao Danmarkshavn Dawson Dawson_Creek Denver Detroit Dominica Edmonton " +
    "Eirunepe El_Salvador Fort_Nelson Fortaleza Glace_Bay Goose_Bay Grand_Turk Grenada " +
    "Guadeloupe Guatemala Guayaquil Guyana Halifax Havana Hermosillo Indiana/Indianapolis " +
    "Indiana/Knox Indiana/Marengo Indiana/Petersburg Indiana/Tell_City Indiana/Vevay " +
    "Indiana/Vincennes Indiana/Winamac Inuvik Iqaluit Jamaica Juneau Kentucky/Louisville " +
    "Kentucky/Monticello Kralendijk La_Paz Lima Los_Angeles Lower_Princes Maceio Managua " +
    "Manaus Marigot Martinique Matamoros Mazatlan Menominee Merida Metlakatla Mexico_City " +
    "Miquelon Moncton Monterrey Montevideo Montserrat Nassau New_York Nome Noronha " +
    "North_Dakota/Beulah North_Dakota/Center North_Dakota/New_Salem Nuuk Ojinaga Panama " +
    "Paramaribo Phoenix Port-au-Prince Port_of_Spain Porto_Velho Puerto_Rico Punta_Arenas " +
    "Rankin_Inlet Recife Regina Resolute Rio_Branco Santarem Santiago Santo_Domingo Sao_Paulo " +
    "Scoresbysund Sitka St_Barthelemy St_Johns St_Kitts St_Lucia St_Thomas St_Vincent " +
    "Swift_Current Tegucigalpa Thule Tijuana Toronto Tortola Vancouver Whitehorse Winnipeg " +
    "Yakutat",
  Antarctica: "Casey Davis DumontDUrville Macquarie Mawson McMurdo Palmer Rothera Syowa Troll Vostok",
  Arctic: "Longyearbyen",
  Asia:
    "Aden Almaty Amman Anadyr Aqtau Aqtobe Ashgabat Atyrau Baghdad Bahrain Baku Bangkok " +
    "Barnaul Beirut Bishkek Brunei Chita Colombo Damascus Dhaka Dili Dubai Dushanbe Famagusta " +
    "Gaza Hebron Ho_Chi_Minh Hong_Kong Hovd Irkutsk Jakarta Jayapura Jerusalem Kabul " +
    "Kamchatka Karachi Kathmandu Khandyga Kolkata Krasnoyarsk Kuala_Lumpur Kuching Kuwait " +
    "Macau Magadan Makassar Manila Muscat Nicosia Novokuznetsk Novosibirsk Omsk Oral " +
    "Phnom_Penh Pontianak Pyongyang Qatar Qostanay Qyzylorda Riyadh Sakhalin Samarkand Seoul " +
    "Shanghai Singapore Srednekolymsk Taipei Tashkent Tbilisi Tehran Thimphu Tokyo Tomsk " +
    "Ulaanbaatar Urumqi Ust-Nera Vientiane Vladivostok Yakutsk Yangon Yekaterinburg Yerevan",
  Atlantic: "Azores Bermuda Canary Cape_Verde Faroe Madeira Reykjavik South_Georgia St_Helena Stanley",
  Australia:
    "Adelaide Brisbane Broken_Hill Darwin Eucla Hobart Lindeman Lord_Howe Melbourne Perth " + "Sydney",
  Europe:
    "Amsterdam Andorra Astrakhan Athens Belgrade Berlin Bratislava Brussels Bucharest " +
    "Budapest Busingen Chisinau Copenhagen Dublin Gibraltar Guernsey Helsinki Isle_of_Man " +
    "Istanbul Jersey Kaliningrad Kirov Kyiv Lisbon Ljubljana London Luxembourg Madrid Malta " +
    "Mariehamn Minsk Monaco Moscow Oslo Paris Podgorica Prague Riga Rome Samara San_Marino " +
    "Sarajevo Saratov Simferopol Skopje Sofia Stockholm Tallinn Tirane Ulyanovsk Vaduz " +
    "Vatican Vienna Vilnius Volgograd Warsaw Zagreb Zurich",
  Indian: "Antananarivo Chagos Christmas Cocos Comoro Kerguelen Mahe Maldives Mauritius Mayotte " + "Reunion",
  Pacific:
    "Apia Auckland Bougainville Chatham Chuuk Easter Efate Fakaofo Fiji Funafuti Galapagos " +
    "Gambier Guadalcanal Guam Honolulu Kanton Kiritimati Kosrae Kwajalein Majuro Marquesas " +
    "Midway Nauru Niue Norfolk Noumea Pago_Pago Palau Pitcairn Pohnpei Port_Moresby Rarotonga " +
    "Saipan Tahiti Tarawa Tongatapu Wake Wallis",
};

/** Every zone the picker offers and the server accepts, by current name, sorted. */
export const TIME_ZONES: readonly string[] = [
  "UTC",
  ...Object.entries(REGIONS).flatMap(([region, cities]) =>
    cities.split(" ").map((city) => `${region}/${city}`),
  ),
].sort();

const OFFERED = new Set(TIME_ZONES);

/**
 * The offered zone a name means: itself when offered, its current name when it is an old one
 * (Asia/Calcutta: Asia/Kolkata; also any alias the runtime knows, US/Eastern: America/New_York);
 * null when it is none of these. The server stores and shows only what this answers.
 */
export function canonicalTimeZone(zone: string | null | undefined): string | null {
  if (!zone || zone.length > 64) return null;
  if (OFFERED.has(zone)) return zone;
  const mapped = LEGACY_TIME_ZONES[zone];
  if (mapped) return mapped;
  const known = runtimeName(zone);
  if (!known) return null;
  if (OFFERED.has(known)) return known;
  return LEGACY_TIME_ZONES[known] ?? null;
}

/** A stored zone as the app names it: its offered name, or the stored one when it has none. */
export const shownTimeZone = (zone: string): string => canonicalTimeZone(zone) ?? zone;

/** Whether two zone names mean the same zone (an old name and its current one do). */
export const sameTimeZone = (a: string, b: string): boolean =>
  shownTimeZone(a).toLowerCase() === shownTimeZone(b).toLowerCase();

/** "UTC+05:30", "UTC-04:00", "UTC+00:00": the zone's offset from UTC at `at`. */
export function utcOffsetText(zone: string, at: Date = new Date()): string {
  const offsetOf = (name: string) =>
    new Intl.DateTimeFormat("en-US", { timeZone: name, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
  let part: string | undefined;
  try {
    part = offsetOf(zone);
  } catch {
    part = offsetOf(runtimeTimeZone(zone) ?? "UTC");
  }
  const offset = part?.replace(/^GMT/, "") || "+00:00";
  return `UTC${offset.replace("\u2212", "-")}`;
}

/**
 * The zone as members read it everywhere (the picker, the profile): its current name with spaces
 * for underscores and its offset now, "Asia/Kolkata (UTC+05:30)", "America/New York (UTC-05:00)".
 * An old name shows by its current one.
 */
export function timeZoneLabel(zone: string, at: Date = new Date()): string {
  const current = currentZoneName(zone);
  return `${current.replaceAll("_", " ")} (${utcOffsetText(current, at)})`;
}

export interface TimeZoneRow {
  zone: string;
  /** "Asia/Kolkata (UTC+05:30)" */
  label: string;
  /** "UTC+05:30" */
  offset: string;
}

/** Every offered zone with its label and offset at `at`, for the picker (one formatter each). */
export function timeZoneRows(at: Date = new Date()): TimeZoneRow[] {
  return TIME_ZONES.map((zone) => {
    const offset = utcOffsetText(zone, at);
    return { zone, offset, label: `${zone.replaceAll("_", " ")} (${offset})` };
  });
}

const searchable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_/\s-]+/g, " ")
    .trim();

/**
 * The zones matching what the member typed: every word found in the name (spaces or underscores
 * alike) or the offset ("kolkata", "new york", "+05:30"); all when empty. Cities starting with
 * what was typed come first ("ko": Kolkata before Bamako), then other names starting with it.
 */
export function searchTimeZones<Row extends { zone: string; offset: string }>(
  query: string,
  rows: readonly Row[],
): readonly Row[] {
  const words = searchable(query).split(" ").filter(Boolean);
  if (words.length === 0) return rows;
  const typed = words.join(" ");
  const rank = (zone: string) => {
    const city = searchable(zone.slice(zone.lastIndexOf("/") + 1));
    if (city.startsWith(typed)) return 0;
    return ` ${searchable(zone)}`.includes(` ${words[0]}`) ? 1 : 2;
  };
  return rows
    .filter((row) => {
      const text = `${searchable(row.zone)} ${row.offset.toLowerCase()}`;
      return words.every((w) => text.includes(w));
    })
    .map((row, i) => ({ row, i, rank: rank(row.zone) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((r) => r.row);
}
