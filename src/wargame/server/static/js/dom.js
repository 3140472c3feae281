// Small helpers to build HTML and SVG elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

function assign(element, attrs) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") element.setAttribute("class", value);
    else if (name === "text") element.textContent = value;
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else element.setAttribute(name, value === true ? "" : String(value));
  }
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "label"). */
export function h(tag, attrs, ...children) {
  const element = document.createElement(tag);
  assign(element, attrs);
  return append(element, children);
}

/** An SVG element: s("circle", {cx: 1, cy: 2, r: 3}). */
export function s(tag, attrs, ...children) {
  const element = document.createElementNS(SVG_NS, tag);
  assign(element, attrs);
  return append(element, children);
}

/** Replace the children of ``element``. */
export function fill(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

export function byId(id) {
  return document.getElementById(id);
}

/** A short message shown at the bottom of the page for a few seconds. */
export function toast(text, kind = "info") {
  let box = byId("toasts");
  if (!box) {
    box = h("div", { id: "toasts", "aria-live": "polite" });
    document.body.append(box);
  }
  const note = h("div", { class: `toast toast-${kind}`, role: "status" }, text);
  box.append(note);
  setTimeout(() => note.remove(), kind === "error" ? 8000 : 4000);
}
