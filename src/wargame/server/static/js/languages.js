// The language switch (English / 日本語) shown at the top of every page.

import { fill, h } from "./dom.js";
import { LANGUAGES, lang } from "./i18n.js";

const LABELS = { en: "English", ja: "日本語" };

/** Draw the switch in ``box``; ``choose(lang)`` is called when another language is picked. */
export function languageSwitch(box, choose) {
  const buttons = LANGUAGES.map((code) =>
    h(
      "button",
      {
        type: "button",
        class: code === lang() ? "lang active" : "lang",
        "aria-pressed": code === lang() ? "true" : "false",
        dataset: { lang: code },
        onclick: () => code !== lang() && choose(code),
      },
      LABELS[code],
    ),
  );
  fill(box, buttons);
}

/** Put the language in the page's address without reloading it. */
export function setUrlLanguage(code) {
  const url = new URL(location.href);
  url.searchParams.set("lang", code);
  history.replaceState(null, "", url);
}
