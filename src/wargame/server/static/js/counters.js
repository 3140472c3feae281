// Unit counters drawn in SVG from the units' printed values (client_data "units"): the
// nationality's colour, the unit's type, its short name and its values; a reduced unit shows its
// reduced attack and a red corner.

import { s } from "./dom.js";

export const COUNTER = 22; // side of a counter, in map units (a hex's radius is 20)

const COLOURS = {
  japanese: ["#f3d27a", "#8a6412"],
  us: ["#a9c47f", "#4b6327"],
  british: ["#d9b98c", "#7a5a2e"],
  dutch: ["#f4b06a", "#8a4d10"],
  australian: ["#c3d49a", "#5b6e2e"],
  indian: ["#e0c6a0", "#7d6440"],
  chinese: ["#eae07c", "#7a7020"],
  burmese: ["#d6b08e", "#6d4b2e"],
  new_zealand: ["#b5d0b0", "#47653f"],
};

const TYPES = {
  air: "AF",
  lrb: "LRB",
  b29: "B-29",
  army: "XXXX",
  corps: "XXX",
  division: "XX",
  brigade: "X",
  regiment: "III",
  hq: "HQ",
};

export function colours(unit) {
  return COLOURS[unit.nationality] || ["#dddddd", "#555555"];
}

export function typeLabel(unit) {
  return TYPES[unit.type] || unit.type;
}

/** A short name that fits on a counter: "5th Air Force LRB" -> "5th AF LRB". */
export function shortName(unit, lang) {
  const name = lang === "ja" && unit.name_ja ? unit.name_ja : unit.name || unit.id;
  const short = name
    .replace(/Air Force/g, "AF")
    .replace(/Division/g, "Div")
    .replace(/Brigade/g, "Bde")
    .replace(/Regiment/g, "Rgt")
    .replace(/Army/g, "A")
    .replace(/Corps/g, "C")
    .replace(/^(CV|CVL|CVE|BB|BC|CA|CL|DD|APD) /, "")
    .replace(/^(護衛空母|軽空母|空母|巡洋戦艦|戦艦|重巡|軽巡|駆逐艦|高速輸送艦)/, "")
    .replace(/\s*(HQ|司令部)$/, "")
    .replace(/\s*[(（].*[)）]\s*/g, "");
  const limit = lang === "ja" ? 6 : 10;
  return short.length > limit ? short.slice(0, limit - 1) + "…" : short;
}

/** The printed values: attack-defence-range (HQs show their command range). */
export function values(unit, reduced) {
  const attack = reduced && unit.reduced_attack !== null ? unit.reduced_attack : unit.attack;
  if (unit.type === "hq") return `HQ ${unit.command_range ?? ""}`.trim();
  const parts = [attack, unit.defense];
  if (unit.range !== null && unit.range !== undefined) parts.push(unit.range);
  return parts.filter((value) => value !== null && value !== undefined).join("-");
}

/** One counter centred on (0, 0); ``flags`` = {reduced, activated, target, moving}. */
export function counter(unit, flags = {}, lang = "en") {
  const [fillColour, edge] = colours(unit);
  const half = COUNTER / 2;
  const classes = ["counter", flags.target ? "target-unit" : "", flags.reduced ? "reduced" : "", flags.moving ? "moving" : ""];
  const parts = [
    s("rect", {
      class: "counter-body",
      x: -half,
      y: -half,
      width: COUNTER,
      height: COUNTER,
      rx: 2,
      fill: fillColour,
      stroke: edge,
    }),
    s("text", { class: "counter-type", x: 0, y: -half + 6 }, typeLabel(unit)),
    s("text", { class: "counter-name", x: 0, y: 1.6 }, shortName(unit, lang)),
    s("text", { class: "counter-values", x: 0, y: half - 2.2 }, values(unit, flags.reduced)),
  ];
  if (flags.reduced) {
    const corner = `${half - 7},${-half} ${half},${-half} ${half},${-half + 7}`;
    parts.push(s("polygon", { class: "reduced-mark", points: corner }));
  }
  if (flags.activated) parts.push(s("circle", { class: "activated-mark", cx: -half + 3, cy: -half + 3, r: 2 }));
  return s("g", { class: classes.join(" ").trim(), dataset: { unit: unit.id } }, parts);
}

/** A counter in its own small <svg>, for HTML lists (stack popup, boxes, battle panel). */
export function counterIcon(unit, flags = {}, lang = "en", size = 40) {
  const pad = 2;
  const box = COUNTER + 2 * pad;
  return s(
    "svg",
    {
      class: "counter-icon",
      width: size,
      height: size,
      viewBox: `${-box / 2} ${-box / 2} ${box} ${box}`,
      "aria-hidden": "true",
    },
    counter(unit, flags, lang),
  );
}
