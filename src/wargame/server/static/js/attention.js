// Telling a player that it is their move, even from another tab: the page's title starts with
// "▶ Your move", its icon (drawn on a canvas, set as a data: URL) turns to the seat's colour with a
// white mark, and, if the player turned the sound on (off by default, remembered in this browser),
// a short tone made with Web Audio plays when the seat comes to act.

import { t } from "./i18n.js";

const SOUND = "wargame.sound";
const COLOURS = { japan: "#c8102e", allied: "#1f4e9c" };
const WAITING = "#77716a";

function icon(colour, mine) {
  const canvas = document.createElement("canvas");
  canvas.width = 32;
  canvas.height = 32;
  const pen = canvas.getContext("2d");
  pen.fillStyle = colour;
  pen.beginPath();
  pen.arc(16, 16, mine ? 15 : 11, 0, 2 * Math.PI);
  pen.fill();
  if (mine) {
    pen.fillStyle = "#ffffff";
    pen.beginPath();
    pen.moveTo(12, 8);
    pen.lineTo(24, 16);
    pen.lineTo(12, 24);
    pen.closePath();
    pen.fill();
  }
  return canvas.toDataURL("image/png");
}

export class Attention {
  constructor() {
    this.soundOn = localStorage.getItem(SOUND) === "1";
    this.audio = null;
    this.acting = new Map(); // seat -> whether it had to act at the last update
    this.shownIcon = "";
    this.chimes = 0;
  }

  /** The page's title and icon for the seat (``mine``: it must act now); a tone when the seat
   * comes to act while the page is open (not at the page's first drawing). */
  update(title, seat, mine) {
    document.title = mine ? t("play.title_your_move", { title }) : `${title} — wargame`;
    const wanted = `${seat || ""}|${mine}`;
    if (wanted !== this.shownIcon) {
      this.shownIcon = wanted;
      iconLink().href = icon(mine ? COLOURS[seat] || "#b5400f" : WAITING, mine);
      document.body.dataset.yourMove = mine ? "1" : "";
    }
    const before = this.acting.get(seat);
    this.acting.set(seat, mine);
    if (mine && before === false) this.chime();
  }

  setSound(on) {
    this.soundOn = on;
    localStorage.setItem(SOUND, on ? "1" : "0");
    if (on) this.chime(); // a sample, and the user's gesture lets the audio start
  }

  chime() {
    if (!this.soundOn) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    this.audio = this.audio || new Context();
    if (this.audio.state === "suspended") this.audio.resume();
    const now = this.audio.currentTime;
    [660, 880].forEach((pitch, index) => tone(this.audio, pitch, now + index * 0.16));
    this.chimes += 1;
    document.body.dataset.chimes = String(this.chimes);
  }
}

function tone(audio, pitch, start) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = pitch;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.18, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.14);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + 0.15);
}

function iconLink() {
  let link = document.querySelector("link[rel=icon]");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}
