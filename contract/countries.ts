/**
 * The countries and regions of ISO 3166-1 alpha-2 (the 249 assigned codes) and XK (Kosovo, a code
 * the standard leaves to users, which Kosovo's passports and the EU use): the guest register's
 * nationality and country of residence (issue 30). Names come from the runtime's own data
 * (Intl.DisplayNames, full ICU in Node and every browser the console supports), so no table of
 * names is shipped.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI' +
  ' BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN' +
  ' CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK' +
  ' FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM' +
  ' HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN' +
  ' KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK' +
  ' ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP' +
  ' NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW' +
  ' SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF' +
  ' TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI' +
  ' VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');
const known: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** True for a code of the list above (upper-case, as stored). */
export const isCountryCode = (code: string): boolean => known.has(code);

/** Japan: the country of residence that takes a guest out of the passport rule. */
export const JAPAN = 'JP';

/** A country's name in Japanese (or English for `en`): 韓国, South Korea. */
export function countryName(code: string, locale: 'ja' | 'en' = 'ja'): string {
  return new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(code) ?? code;
}
