// The set notation of docs/content.md (workouts), checked on the phone as it is typed: the same
// grammar, columns and messages as Sources/DaybookContent/Workouts/SetNotation.swift
// (Tests/Fixtures/set-notation.json holds the cases both are tested on).
"use strict";

window.DaybookSets = (function sets() {
  const maxSetCount = 100;
  const maxKilograms = 1000;
  const kilogramsPerPound = 0.45359237;
  const weightUnits = { kg: "kg", lb: "lb", lbs: "lb" };
  const minuteUnits = ["m", "min"];
  const secondUnits = ["s", "sec"];
  const allUnits = ["kg", "lb", "lbs", "s", "sec", "m", "min"];
  const isTimes = (c) => c === "x" || c === "X" || c === "×";
  const isDigit = (c) => c !== undefined && c >= "0" && c <= "9";
  const isLetter = (c) => c !== undefined && /\p{L}/u.test(c);

  function editDistance(a, b) {
    if (!a.length) return b.length;
    if (!b.length) return a.length;
    let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      for (let j = 1; j <= b.length; j++) {
        current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      previous = current;
    }
    return previous[b.length];
  }

  /** "did you mean 'kg'?" (Suggestion.swift) */
  function hint(word, candidates) {
    const target = Array.from(word.toLowerCase());
    let best = null;
    for (const candidate of candidates) {
      const distance = editDistance(target, Array.from(candidate.toLowerCase()));
      if (best === null || distance < best[1]) best = [candidate, distance];
    }
    return best && best[1] <= Math.max(2, Math.floor(target.length / 3)) ? "did you mean '" + best[0] + "'?" : null;
  }

  class Failure {
    constructor(column, message, hint) {
      this.column = column;
      this.message = message;
      this.hint = hint || null;
    }
  }

  /** The groups of sets as counts, or throws a Failure with a 1-based column. */
  function parse(text, defaultUnit) {
    const characters = Array.from(text);
    let position = 0;
    const column = () => position + 1;
    const current = () => characters[position];
    const fail = (message, at, hintText) => new Failure(at === undefined ? column() : at, message, hintText);
    const skipSpaces = () => { while (current() === " " || current() === "\t") position++; };
    const times = () => {
      skipSpaces();
      if (!isTimes(current())) return false;
      position++;
      return true;
    };
    const peekWord = () => {
      let end = position;
      while (end < characters.length && isLetter(characters[end]) && !isTimes(characters[end])) end++;
      return end > position ? characters.slice(position, end).join("") : null;
    };
    const nextNonSpaceIsDigit = () => {
      let index = position;
      while (characters[index] === " ") index++;
      return isDigit(characters[index]);
    };
    const sample = "sets look like 60kg x 8, 8, 6 or 20, 20, 15 or 60s x 3";

    function number() {
      const start = position;
      while (isDigit(current())) position++;
      if (current() === "." && position > start && isDigit(characters[position + 1])) {
        position++;
        while (isDigit(current())) position++;
      }
      if (position === start) {
        if (current() !== undefined) throw fail("expected a number, found '" + current() + "'", undefined, sample);
        throw fail("expected a number at the end of the sets", undefined, sample);
      }
      const digits = characters.slice(start, position).join("");
      const value = Number(digits);
      if (!Number.isFinite(value) || value > Number.MAX_VALUE) throw fail("'" + digits.slice(0, 12) + "…' is too large", start + 1);
      return [value, digits];
    }

    function checked(weight, start) {
      const kilograms = weight.unit === "kg" ? weight.value : weight.value * kilogramsPerPound;
      if (kilograms > maxKilograms) {
        const limit = weight.unit === "kg" ? maxKilograms + " kg" : Math.trunc(maxKilograms / kilogramsPerPound) + " lb";
        throw fail("a weight must be at most " + limit, start);
      }
      return weight;
    }

    function reps(value, digits, start) {
      if (value !== Math.round(value) || value < 1 || value > 10000) {
        throw fail("reps must be a whole number between 1 and 10000, not " + digits, start);
      }
      return value;
    }

    function quantity() {
      const start = column();
      const first = peekWord();
      if (first && first.toLowerCase() === "bw") {
        position += Array.from(first).length;
        return { kind: "bodyweight" };
      }
      const [value, digits] = number();
      skipSpaces();
      const unitColumn = column();
      const unit = peekWord();
      if (unit === null) return { kind: "bare", value, digits };
      const lower = unit.toLowerCase();
      position += Array.from(unit).length;
      if (weightUnits[lower]) return { kind: "weight", weight: { value, unit: weightUnits[lower] } };
      if (!minuteUnits.includes(lower) && !secondUnits.includes(lower)) {
        throw fail("unknown unit '" + unit + "'", unitColumn, hint(unit, allUnits) || "units are kg, lb, s and m");
      }
      if (value !== Math.round(value)) throw fail("write times in whole minutes and seconds, like 1m30s", start);
      if (value > 24 * 3600) throw fail("a time must be at most 24 hours", start);
      let seconds = value * (minuteUnits.includes(lower) ? 60 : 1);
      if (minuteUnits.includes(lower) && nextNonSpaceIsDigit()) {
        skipSpaces();
        const secondsColumn = column();
        const [extra, extraDigits] = number();
        const suffix = peekWord() || "";
        if (!secondUnits.includes(suffix.toLowerCase())) throw fail("expected 's' after " + extraDigits, column(), "write a time like 1m30s");
        position += Array.from(suffix).length;
        if (extra !== Math.round(extra) || extra >= 60) {
          throw fail("seconds after minutes must be a whole number below 60, not " + extraDigits, secondsColumn);
        }
        seconds += extra;
      }
      if (seconds < 1 || seconds > 24 * 3600) throw fail("a time must be between 1 second and 24 hours", start);
      return { kind: "seconds", seconds };
    }

    function setCount() {
      skipSpaces();
      const start = column();
      const found = isDigit(current()) ? quantity() : null;
      if (!found || found.kind !== "bare") throw fail("expected the number of sets after 'x'", start, "like 60kg x 8 x 3 for three sets of 8");
      if (found.value !== Math.round(found.value) || found.value < 1) {
        throw fail("the number of sets must be a whole number of at least 1, not " + found.digits, start);
      }
      if (found.value > maxSetCount) throw fail(found.digits + " sets is more than " + maxSetCount, start);
      return found.value;
    }

    function item() {
      const start = column();
      const found = quantity();
      if (found.kind === "bare") return reps(found.value, found.digits, start);
      if (found.kind === "seconds") return found.seconds + "s";
      throw fail("expected reps or a time here, not a weight", start, "a new weight starts a new group after ';', like 60kg x 8; 70kg x 5");
    }

    /** What may follow a first item: `x count` or `, item, item`; the number of sets. */
    function rest() {
      if (times()) return setCount();
      let count = 1;
      for (;;) {
        skipSpaces();
        if (current() !== ",") return count;
        position++;
        skipSpaces();
        item();
        count++;
      }
    }

    function group() {
      skipSpaces();
      const start = column();
      const first = quantity();
      if (times()) {
        if (first.kind === "weight") checked(first.weight, start);
        else if (first.kind === "bare") checked({ value: first.value, unit: defaultUnit }, start);
        else if (first.kind === "seconds") return setCount();
        skipSpaces();
        item();
        return rest();
      }
      if (first.kind === "weight" || first.kind === "bodyweight") throw fail("expected 'x' and the reps after the weight", undefined, "write it like 60kg x 8");
      if (first.kind === "bare") reps(first.value, first.digits, start);
      return rest();
    }

    const groups = [group()];
    for (;;) {
      skipSpaces();
      if (current() === undefined) return groups;
      if (current() !== ";") throw fail("unexpected '" + current() + "'", undefined, "sets look like 60kg x 8, 8, 6 — put remarks on their own line");
      position++;
      groups.push(group());
    }
  }

  /** Sets as the build reads them: { groups: [count of sets, …] } or { column, message, hint }. */
  function check(text, unit) {
    try {
      return { groups: parse(text, unit === "lb" ? "lb" : "kg") };
    } catch (error) {
      if (error instanceof Failure) return { column: error.column, message: error.message, hint: error.hint };
      throw error;
    }
  }

  /**
   * A line of a workout typed on the phone, `Exercise: sets` (a leading `- `
   * allowed): null when it reads, else { column, message, hint } with the
   * build's message for that line (WorkoutSession.body).
   */
  function checkLine(line, unit) {
    const characters = Array.from(line);
    let index = 0;
    while (characters[index] === " ") index++;
    if ((characters[index] === "-" || characters[index] === "*" || characters[index] === "+") && (characters[index + 1] === " " || characters[index + 1] === "\t")) {
      index += 1;
      while (characters[index] === " " || characters[index] === "\t") index++;
    }
    const colon = characters.indexOf(":", index);
    if (colon < 0) return { column: index + 1, message: "expected 'Exercise: sets'", hint: "like Squat: 100kg x 5 x 3" };
    const name = characters.slice(index, colon).join("").trim();
    if (!name) return { column: index + 1, message: "exercise has no name before ':'", hint: null };
    let start = colon + 1;
    while (characters[start] === " " || characters[start] === "\t") start++;
    const result = check(characters.slice(start).join(""), unit);
    if (result.groups) return null;
    return { column: start + result.column, message: result.message + " in the sets of '" + name + "'", hint: result.hint };
  }

  return { check, checkLine };
})();
