// Printable flashcards: "Reshuffle" lays the cards out again with a new seed.
// The order is SeededShuffle's (Sources/DaybookSite/Flashcards/SeededShuffle.swift)
// step for step — SplitMix64 in 64-bit BigInt arithmetic, then Fisher–Yates —
// so seed N gives the same order here as `daybook build --seed N`. Fronts and
// backs move together: position p takes card order[p] on both sides.
"use strict";

(function flashcardPrint() {
  const sheets = document.querySelector(".sheets");
  if (!sheets || typeof BigInt !== "function") return;
  const MASK = (1n << 64n) - 1n;

  function splitMix64(seed) {
    let state = BigInt.asUintN(64, seed);
    return function next() {
      state = (state + 0x9E3779B97F4A7C15n) & MASK;
      let z = state;
      z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
      z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
      return z ^ (z >> 31n);
    };
  }

  function order(count, seed) {
    const result = Array.from({ length: count }, (_, i) => i);
    const next = splitMix64(seed);
    for (let i = count - 1; i > 0; i--) {
      const j = Number(next() % BigInt(i + 1));
      [result[i], result[j]] = [result[j], result[i]];
    }
    return result;
  }

  function faces(selector) {
    const byCard = new Map();
    for (const face of sheets.querySelectorAll(selector)) byCard.set(face.dataset.card, face);
    return byCard;
  }

  function layOut(seed) {
    const fronts = faces(".face.front");
    const backs = faces(".face.back");
    const shuffled = order(fronts.size, seed);
    for (const slot of sheets.querySelectorAll(".slot")) {
      const card = String(shuffled[Number(slot.dataset.position)]);
      slot.append((slot.dataset.face === "back" ? backs : fronts).get(card));
    }
    sheets.dataset.seed = String(seed);
    for (const value of document.querySelectorAll(".seed-value")) value.textContent = String(seed);
  }

  // Short seeds, easy to type into `daybook build --seed N`.
  function newSeed() {
    const random = new Uint32Array(1);
    crypto.getRandomValues(random);
    return BigInt(1 + (random[0] % 999999));
  }

  const reshuffle = document.querySelector(".reshuffle");
  reshuffle.hidden = false;
  reshuffle.addEventListener("click", () => layOut(newSeed()));
  const printNow = document.querySelector(".print-now");
  printNow.hidden = false;
  printNow.addEventListener("click", () => window.print());
})();
