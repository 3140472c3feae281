// English and Japanese: the client's own words (i18n/<lang>.json) and the game's message
// templates (sent by the server with the static data), rendered like the engine does.

export const LANGUAGES = ["en", "ja"];
const STORED = "wargame.lang";

let strings = {};
let current = "en";

/** The language asked in the URL, else the one last chosen, else the browser's. */
export function initialLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  const stored = localStorage.getItem(STORED);
  if (LANGUAGES.includes(stored)) return stored;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

export async function loadLanguage(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  strings = await response.json();
  current = lang;
  localStorage.setItem(STORED, lang);
  document.documentElement.lang = lang;
  return lang;
}

export function lang() {
  return current;
}

/** A client string: t("ui.undo"), with {name} fields filled from ``params``; {n:# card|# cards}
 * picks a form by the number (the first when it is 1; "#" stands for it), as game messages do. */
export function t(key, params = {}) {
  const template = strings[key];
  if (template === undefined) return key;
  return template.replace(/\{(\w+)(?::([^}]*\|[^}]*))?\}/g, (whole, name, forms) => {
    if (!(name in params)) return whole;
    if (!forms) return String(params[name]);
    const [one, ...more] = forms.split("|");
    return (Number(params[name]) === 1 ? one : more[more.length - 1]).replaceAll("#", String(params[name]));
  });
}

/** A record's ``field`` in the current language: its ``<field>_ja`` in Japanese, where it has one. */
export function localized(record, field) {
  return (current === "ja" && record[`${field}_ja`]) || record[field] || "";
}

/** The colon between a label and its value: full-width in Japanese. */
export function colon() {
  return current === "ja" ? "：" : ": ";
}

/** A list joined the language's way. */
export function joined(items) {
  return items.join(current === "ja" ? "、" : ", ");
}

/** Whether the client has a string for ``key``. */
export function has(key) {
  return key in strings;
}

/** Fill the text of every element marked data-i18n="key" (the page's <title> too), its title
 * (data-i18n-title) and the label a screen reader reads (data-i18n-aria-label). */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-title]")) {
    element.title = t(element.dataset.i18nTitle);
  }
  for (const element of root.querySelectorAll("[data-i18n-aria-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nAriaLabel));
  }
}

/** The game's message templates of one language, rendered like ``wargame.engine.i18n`` (keep
 * the two in step): ``{side:side}`` names a value through the entry ``side.<value>``, lists are
 * joined; ``{hits:# hit|# hits}`` picks a form by grammatical number (``#`` is the value; a
 * number is singular when 1, a list with one item, another value unless the entry
 * ``number.<value>`` reads ``plural``); ``{side:subject}`` names a side as a sentence's subject
 * (falling back to ``side.<value>``); ``{modifiers:msg}`` renders a message or a list of them
 * (a string is a key, rendered with the parameters of the message it is in; a missing one is
 * nothing);
 * ``{amount:+d}`` signs a number. */
export class Messages {
  constructor(entries, language) {
    this.entries = entries || {};
    this.lang = language;
  }

  name(namespace, value) {
    let found = this.entries[`${namespace}.${value}`];
    if (found === undefined && namespace === "subject") found = this.entries[`side.${value}`];
    return found === undefined ? String(value) : found;
  }

  join(items) {
    return items.join(this.lang === "ja" ? "、" : ", ");
  }

  singular(value) {
    if (Array.isArray(value)) return value.length === 1;
    if (typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value))) return Number(value) === 1;
    if (typeof value === "boolean") return value;
    return this.entries[`number.${value}`] !== "plural";
  }

  byNumber(value, forms) {
    const shown = Array.isArray(value) ? String(value.length) : String(value);
    const form = this.singular(value) ? forms[0] : forms[forms.length - 1];
    return form.replaceAll("#", shown);
  }

  message(item, params = {}) {
    if (typeof item === "string") return this.render(item, params);
    if (!item || typeof item !== "object" || typeof item.key !== "string") return String(item);
    return this.render(item.key, item.params || {});
  }

  field(value, spec, params = {}) {
    if (spec.includes("|")) return this.byNumber(value, spec.split("|"));
    if (spec === "msg") return this.join((Array.isArray(value) ? value : [value]).map((item) => this.message(item, params)));
    if (/^[A-Za-z_]\w*$/.test(spec)) {
      if (Array.isArray(value)) return this.join(value.map((item) => this.name(spec, item)));
      return this.name(spec, value);
    }
    if (spec === "+d" && typeof value === "number") return value >= 0 ? `+${value}` : `${value}`;
    if (Array.isArray(value)) return this.join(value.map(String));
    return String(value);
  }

  render(key, params = {}) {
    const empty = Object.entries(params).find(
      ([name, value]) => Array.isArray(value) && value.length === 0 && this.entries[`${key}_no_${name}`] !== undefined,
    );
    const template = empty ? this.entries[`${key}_no_${empty[0]}`] : this.entries[key];
    if (template === undefined) {
      const shown = Object.entries(params).map(([name, value]) => `${name}=${value}`);
      return `${key} ${shown.join(" ")}`.trim();
    }
    return template.replace(/\{\{|\}\}|\{(\w+)(?::([^}]*))?\}/g, (whole, name, spec) => {
      if (whole === "{{") return "{";
      if (whole === "}}") return "}";
      if (!(name in params)) return spec === "msg" ? "" : whole;
      return this.field(params[name], spec || "", params);
    });
  }
}
