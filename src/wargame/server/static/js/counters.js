// Unit counters drawn in SVG from the units' printed values (client_data "units"): the
// nationality's colour, the unit's type, its short name and its values; a reduced unit shows its
// reduced attack and a red corner. A unit that is a legal target gets a ring around the counter,
// never another colour: the counter's colour always tells its nationality (see the legend).

import { s } from "./dom.js";

export const COUNTER = 22; // side of a counter, in map units (a hex's radius is 20)
const RING = 2.6; // the target ring's distance from the counter's edge

// One hue per nationality, light enough for black print (contrast above 7:1), far enough apart
// to be told at a glance: Japan yellow, the Dutch orange, the British rose, the US green...
export const NATIONS = {
  japanese: ["#f2d15f", "#7a5a00"],
  dutch: ["#f59a4a", "#8a4200"],
  british: ["#eda39c", "#8a2f28"],
  indian: ["#dda9dd", "#6d3a6d"],
  chinese: ["#bdb9ef", "#3f3f8a"],
  australian: ["#82d2c3", "#1f6a5c"],
  us: ["#a9cd7c", "#3f5f1f"],
  new_zealand: ["#d4d4d4", "#333333"],
  burmese: ["#cdbc98", "#5a5038"],
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

/** The counter's fill and edge: the game's own for the unit (client_data), else its
 * nationality's here. */
export function colours(unit) {
  return unit.colours || NATIONS[unit.nationality] || ["#dddddd", "#555555"];
}

/** The type printed on the counter: the game's own label in the page's language, else the
 * unit symbol here. */
export function typeLabel(unit, lang = "en") {
  const own = lang === "ja" && unit.type_label_ja ? unit.type_label_ja : unit.type_label;
  return own || TYPES[unit.type] || unit.type;
}

/** A short name that fits on a counter: "5th Air Force LRB" -> "5th AF LRB". The stack popup and
 * the counters' tooltips give the full name. */
export function shortName(unit, lang) {
  const name = lang === "ja" && unit.name_ja ? unit.name_ja : unit.name || unit.id;
  const short = name
    .replace(/Air Force/g, "AF")
    .replace(/Air Flotilla/g, "Air Flt")
    .replace(/Air Division/g, "Air Div")
    .replace(/Marine Aircraft Wing/g, "MAW")
    .replace(/Bomber Command/g, "Bmr Cmd")
    .replace(/Australian/g, "Aus")
    .replace(/New Zealand/g, "NZ")
    .replace(/Division/g, "Div")
    .replace(/Brigade/g, "Bde")
    .replace(/Regiment/g, "Rgt")
    .replace(/Army/g, "A")
    .replace(/Corps/g, "C")
    .replace(/Southwest Pacific/g, "SW Pac")
    .replace(/South Pacific/g, "S Pac")
    .replace(/Central Pacific/g, "C Pac")
    .replace(/^(CV|CVL|CVE|BB|BC|CA|CL|DD|APD) /, "")
    .replace(/^(護衛空母|軽空母|空母|巡洋戦艦|戦艦|重巡|軽巡|駆逐艦|高速輸送艦)/, "")
    .replace(/\s*(HQ|司令部)$/, "")
    .replace(/\s*[(（].*[)）]\s*/g, "");
  const limit = lang === "ja" ? 7 : 13;
  return short.length > limit ? short.slice(0, limit - 1) + "…" : short;
}

const NAME_WIDTH = COUNTER - 2.4; // room for the name on a counter, in map units
const NAME_SIZE = 4.4; // its font size (play.css .counter-name)

/** The name's text element, squeezed to the counter's width when it would run over it. */
function nameText(name) {
  const width = [...name].reduce((sum, char) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 1 : 0.56), 0) * NAME_SIZE;
  const squeeze = width > NAME_WIDTH ? { textLength: NAME_WIDTH, lengthAdjust: "spacingAndGlyphs" } : {};
  return s("text", { class: "counter-name", x: 0, y: 1.6, ...squeeze }, name);
}

/** The printed values: those of the steps left where the game gives values by steps
 * (``step_values``, fewest steps first; ``step_values_ja`` in Japanese where they are words),
 * else attack-defence-range (HQs show their command range). */
export function values(unit, reduced, steps = null, lang = "en") {
  const printed = lang === "ja" && unit.step_values_ja ? unit.step_values_ja : unit.step_values;
  if (printed && printed.length) {
    const left = steps ?? unit.steps ?? printed.length;
    return printed[Math.max(0, Math.min(printed.length, left) - 1)];
  }
  const attack = reduced && unit.reduced_attack !== null ? unit.reduced_attack : unit.attack;
  if (unit.type === "hq") return `HQ ${unit.command_range ?? ""}`.trim();
  const parts = [attack, unit.defense];
  if (unit.range !== null && unit.range !== undefined) parts.push(unit.range);
  return parts.filter((value) => value !== null && value !== undefined).join("-");
}

function targetRing(size) {
  const half = size / 2 + RING;
  return s("rect", { class: "target-ring", x: -half, y: -half, width: 2 * half, height: 2 * half, rx: 3 });
}

/** The printed values, squeezed to the counter's width when they are long ("22-10-2": the mid
 * zoom prints them larger). */
function valuesText(printed) {
  const squeeze = printed.length >= 6 ? { textLength: NAME_WIDTH, lengthAdjust: "spacingAndGlyphs" } : {};
  return s("text", { class: "counter-values", x: 0, y: COUNTER / 2 - 2.2, ...squeeze }, printed);
}

/** A game's marks on a counter (``flags.marks``: the short labels of board.unit_marks, "P", "R"):
 * one dark tab over the counter's top left corner, its labels joined, clear of the name. */
function marksTab(labels, half) {
  const text = labels.join(" ");
  const width = Math.max(6.5, text.length * 3.3 + 2.6);
  const [x, y] = [-half - 2.5, -half - 2.5];
  return s(
    "g",
    { class: "unit-mark" },
    s("rect", { class: "unit-mark-tab", x, y, width, height: 6.4, rx: 1.2 }),
    s("text", { class: "unit-mark-text", x: x + width / 2, y: y + 4.9 }, text),
  );
}

/** One counter centred on (0, 0); ``flags`` = {reduced, activated, target, moving, steps, marks}. */
export function counter(unit, flags = {}, lang = "en") {
  const [fillColour, edge] = colours(unit);
  const half = COUNTER / 2;
  const classes = ["counter", `nation-${unit.nationality}`, flags.target ? "target-unit" : "", flags.reduced ? "reduced" : "", flags.moving ? "moving" : ""];
  const parts = [
    flags.target ? targetRing(COUNTER) : null,
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
    s("text", { class: "counter-type", x: 0, y: -half + 6 }, typeLabel(unit, lang)),
    nameText(shortName(unit, lang)),
    valuesText(values(unit, flags.reduced, flags.steps, lang)),
  ];
  if (flags.reduced) {
    const corner = `${half - 7},${-half} ${half},${-half} ${half},${-half + 7}`;
    parts.push(s("polygon", { class: "reduced-mark", points: corner }));
  }
  if (flags.marks && flags.marks.length) parts.push(marksTab(flags.marks, half));
  if (flags.activated) parts.push(s("circle", { class: "activated-mark", cx: -half + 3, cy: -half + 3, r: 2 }));
  return s("g", { class: classes.join(" ").replace(/\s+/g, " ").trim(), dataset: { unit: unit.id } }, parts);
}

/** A stack as one round marker (the map's far zoom): its side's colour (``colour``, else the
 * style sheet's) and how many units it holds; ``target`` rings it. Its inner group is scaled by the CSS variable --marker-scale. */
export function marker(side, count, target, colour = null) {
  const r = 8;
  return s(
    "g",
    { class: `stack-marker marker-${side}${target ? " has-target" : ""}` },
    s(
      "g",
      { class: "marker-body" },
      target ? s("circle", { class: "marker-ring", r: r + RING }) : null,
      s("circle", { class: "marker-disc", r, fill: colour }),
      s("text", { class: "marker-count", x: 0, y: 3.3 }, count),
    ),
  );
}

/** A counter in its own small <svg>, for HTML lists (stack popup, boxes, battle panel, legend). */
export function counterIcon(unit, flags = {}, lang = "en", size = 40) {
  const marked = flags.marks && flags.marks.length ? 3 : 2; // room for a mark's tab
  const pad = flags.target ? 2 + RING + 1 : marked;
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
