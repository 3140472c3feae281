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

/** A client string: t("ui.undo"), with {name} fields filled from ``params``. */
export function t(key, params = {}) {
  const template = strings[key];
  if (template === undefined) return key;
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole,
  );
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

/** Fill the text of every element marked data-i18n="key" (and its title, data-i18n-title, and
 * its accessible name, data-i18n-aria). */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-title]")) {
    element.title = t(element.dataset.i18nTitle);
  }
  for (const element of root.querySelectorAll("[data-i18n-aria]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nAria));
  }
}

/** The game's message templates of one language, rendered like ``wargame.engine.i18n``:
 * ``{side:side}`` names a value through the entry ``side.<value>``, lists are joined. */
export class Messages {
  constructor(entries, language) {
    this.entries = entries || {};
    this.lang = language;
  }

  name(namespace, value) {
    const found = this.entries[`${namespace}.${value}`];
    return found === undefined ? String(value) : found;
  }

  join(items) {
    return items.join(this.lang === "ja" ? "、" : ", ");
  }

  field(value, spec) {
    if (/^[A-Za-z_]\w*$/.test(spec)) {
      if (Array.isArray(value)) return this.join(value.map((item) => this.name(spec, item)));
      return this.name(spec, value);
    }
    if (spec === "+d" && typeof value === "number") return value >= 0 ? `+${value}` : `${value}`;
    if (Array.isArray(value)) return this.join(value.map(String));
    return String(value);
  }

  render(key, params = {}) {
    const template = this.entries[key];
    if (template === undefined) {
      const shown = Object.entries(params).map(([name, value]) => `${name}=${value}`);
      return `${key} ${shown.join(" ")}`.trim();
    }
    return template.replace(/\{\{|\}\}|\{(\w+)(?::([^}]*))?\}/g, (whole, name, spec) => {
      if (whole === "{{") return "{";
      if (whole === "}}") return "}";
      if (!(name in params)) return whole;
      return this.field(params[name], spec || "");
    });
  }
}
