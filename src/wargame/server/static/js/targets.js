// The legal actions of the view, sorted by where the player clicks them. Actions are texts like
// "hex 2813", "battle 5808", "unit us-1mar-div", "card A21", "place cw-hq-seac 1307": an action
// naming one hex is a target on that hex, else one naming one unit standing on the map is a target
// on that unit, else one naming one card of the hand is a target on that card; the rest are
// buttons under the prompt.

import { colon, has, t } from "./i18n.js";

/** Group ``actions`` by target. ``facts`` knows the ids: {isHex, isUnit, isCard, unitHex, inHand}. */
export function classify(actions, facts) {
  const found = { hexes: new Map(), units: new Map(), cards: new Map(), buttons: [] };
  const add = (map, key, text) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(text);
  };
  for (const text of actions) {
    const args = text.split(" ").slice(1);
    const hexes = args.filter(facts.isHex);
    const units = args.filter(facts.isUnit);
    const cards = args.filter(facts.isCard);
    if (hexes.length === 1) add(found.hexes, hexes[0], text);
    else if (hexes.length === 0 && units.length === 1 && facts.unitHex(units[0])) {
      add(found.units, units[0], text);
    } else if (hexes.length === 0 && units.length === 0 && cards.length === 1 && facts.inHand(cards[0])) {
      add(found.cards, cards[0], text);
    } else found.buttons.push(text);
  }
  return found;
}

export function verbOf(text) {
  return text.split(" ")[0];
}

/** The verb of an action in the page's language ("done" -> "Done" / "完了"). */
export function verbLabel(verb) {
  return has(`verb.${verb}`) ? t(`verb.${verb}`) : verb;
}

/** A readable label: the verb, then each argument by its name (hex, unit, card). */
export function actionLabel(text, names) {
  const [verb, ...args] = text.split(" ");
  const shown = args.map((arg) => {
    if (names.isHex(arg)) return names.hexName(arg);
    if (names.isUnit(arg)) return names.unitName(arg);
    if (names.isCard(arg)) return names.cardName(arg);
    return has(`word.${arg}`) ? t(`word.${arg}`) : arg;
  });
  if (!shown.length) return verbLabel(verb);
  const joiner = verb === "swap" ? " ⇄ " : ", ";
  return `${verbLabel(verb)}${colon()}${shown.join(joiner)}`;
}

/** The colour class of a hex target, by its verb. */
export function targetClass(actions) {
  const verbs = new Set(actions.map(verbOf));
  if (verbs.size > 1) return "target-many";
  const [verb] = verbs;
  return `target-${verb.replace(/[^a-z-]/g, "")}`;
}
