// Daybook flip cards. Without JavaScript the page lists every card with both
// sides; this turns the list into one card at a time with a study mode and a
// test mode (the page's #test), and writes the reviews.md lines of the day's
// results: a deck's misses, or `- deck:` once all its cards are known.
// Progress is kept in localStorage per page and day; a deck's answers become
// inbox events (phone.js, docs/phone.md) once all its cards are marked: a card not
// reached is not passed, so a deck stopped partway is not recorded. Under
// `daybook serve` (which gives the page `window.daybookServe`) the answers
// can also be saved into reviews.md through the preview server's inbox.
"use strict";

(function flipCards() {
  const root = document.querySelector(".cards[data-page]");
  if (!root) return;

  const inbox = window.DaybookInbox;
  const all = Array.from(root.querySelectorAll(".card"));
  const names = readNames();
  // A word book made on the phone has no page of its own until it is merged and built: the deck's cards page
  // opens it from the deck's data, its words in the link (phone.js, DaybookPlan).
  const params = new URLSearchParams(location.search);
  const book = /^\d{4}-\d{2}-\d{2}$/.test(params.get("book") || "") ? { start: params.get("book"), words: new Set(params.getAll("w")) } : null;
  // Keyboard help and the lines to paste into reviews.md are for a computer; a phone sends its answers home.
  const onComputer = !window.matchMedia("(pointer: coarse)").matches;
  // A page may carry the cards of the coming days too (data-days; the others
  // hidden): the phone's date picks them when it is one of those days.
  const daysOf = (card) => (card.dataset.days || root.dataset.today).split(" ");
  const phoneDay = inbox ? inbox.day() : root.dataset.today;
  // The phone's day's words, worked out from the tests it recorded before that day (phone.js): a word missed
  // yesterday is studied again, a review not taken stays. Without the state, the build's cards of that day.
  const plan = window.DaybookPlan && window.DaybookPlan.load();
  const carried = plan ? window.DaybookPlan.carries(plan, phoneDay) : all.some((card) => daysOf(card).includes(phoneDay));
  const today = carried ? phoneDay : root.dataset.today;
  const due = plan && carried
    ? window.DaybookPlan.words(plan, today, inbox.events().filter((event) => inbox.dayOf(event) < today)) : null;
  const cards = all.filter((card) => (book ? book.words.has(card.dataset.word)
    : due ? due.has(card.dataset.deck + "\n" + card.dataset.word) : daysOf(card).includes(today)));
  // Each card names its book's stage on the phone's day.
  if (due) for (const card of cards) card.querySelector(".card-context").textContent = due.get(card.dataset.deck + "\n" + card.dataset.word).context;
  for (const card of all) {
    // Another day's card: hidden, on the screen and on paper.
    card.classList.toggle("other-day", !cards.includes(card));
    if (!cards.includes(card)) card.hidden = true;
  }
  const byKey = new Map(cards.map((card) => [card.dataset.key, card]));
  const original = cards.map((card) => card.dataset.key);
  const serve = window.daybookServe;
  const prefix = "daybook-cards:" + root.dataset.page + (book ? "?book=" + book.start : "") + ":";
  const storageKey = prefix + today;
  const $ = (selector) => root.querySelector(selector);
  const ui = {
    toolbar: $(".cards-toolbar"),
    nav: $(".cards-nav"),
    test: $(".test-controls"),
    help: $(".keys-help"),
    result: $(".test-result"),
    resultLines: $(".result-lines"),
    summary: $(".result-summary"),
    lines: $(".review-lines"),
    copy: $('[data-action="copy"]'),
    save: $('[data-action="save"]'),
    copyStatus: $(".copy-status"),
    progress: $(".cards-progress"),
    missedOnly: $('[data-action="missed-only"]'),
    pending: $(".test-pending"),
    earlier: $(".test-earlier"),
  };

  /** The page's names for messages: decks' titles, date patterns and month and weekday names (PhonePlan.names). */
  function readNames() {
    try {
      return JSON.parse(root.dataset.names || "{}");
    } catch (error) {
      return {};
    }
  }

  const deckTitle = (id) => (names.decks && names.decks[id]) || id;
  const dayText = (dayISO) => (names.date && inbox ? window.DaybookDates.text(names.date, dayISO, names) : dayISO);

  /** The heading says what the page shows on this phone's day: a phone-made book's title, and how many cards. */
  function heading() {
    const title = document.querySelector("h1");
    const count = title && title.querySelector(".count");
    if (!count || !names.cards || !inbox) return;
    count.textContent = window.DaybookDates.count(names.cards, cards.length);
    if (!book) return;
    const text = deckTitle(Array.from(new Set(all.map((card) => card.dataset.deck)))[0]) + " · "
      + names.book.split("{date}").join(window.DaybookDates.text(names.dateShort, book.start, names));
    title.firstChild.textContent = text + " ";
    document.title = text + document.title.slice(document.title.indexOf(" · "));
  }

  /** A UI string from the page, `{name}` filled in. */
  function t(name, values = {}) {
    let text = root.dataset["t" + name] || "";
    for (const [key, value] of Object.entries(values)) text = text.split("{" + key + "}").join(String(value));
    return text;
  }

  let state = load();
  let mode = location.hash === "#test" ? "test" : "study";
  let flipped = false;

  function load() {
    const fresh = { order: original.slice(), current: original[0], marks: {}, history: [], missedOnly: false };
    let saved;
    try {
      saved = JSON.parse(localStorage.getItem(storageKey) || "null");
    } catch (error) {
      return fresh;
    }
    if (!saved || !Array.isArray(saved.order)) return fresh;
    // Cards may have changed since the progress was saved: keep what still exists.
    const order = saved.order.filter((key) => byKey.has(key));
    for (const key of original) if (!order.includes(key)) order.push(key);
    const marks = {};
    for (const [key, mark] of Object.entries(saved.marks || {})) {
      if (byKey.has(key) && (mark === "o" || mark === "x")) marks[key] = mark;
    }
    const history = (saved.history || []).filter((step) => byKey.has(step.key));
    const current = byKey.has(saved.current) ? saved.current : order[0];
    return { order, current, marks, history, missedOnly: Boolean(saved.missedOnly) };
  }

  function save() {
    try {
      localStorage.setItem(storageKey, JSON.stringify(state));
      // Whole decks' answers wait in the inbox; a fortnight-old test's places are let go.
      const old = new Date(Date.now() - 14 * 86400000).toISOString().slice(0, 10);
      for (let i = localStorage.length - 1; i >= 0; i -= 1) {
        const key = localStorage.key(i);
        if (key && key.startsWith(prefix) && key.slice(prefix.length) < old) localStorage.removeItem(key);
      }
    } catch (error) {
      // Private browsing or storage full: the session still works, unsaved.
    }
  }

  function visible() {
    return state.missedOnly ? state.order.filter((key) => state.marks[key] === "x") : state.order;
  }

  function currentKey() {
    const keys = visible();
    return keys.includes(state.current) ? state.current : keys[0];
  }

  function counts() {
    const marks = Object.values(state.marks);
    const o = marks.filter((mark) => mark === "o").length;
    const x = marks.filter((mark) => mark === "x").length;
    return { o, x, done: o + x, n: original.length };
  }

  /**
   * Today's results: deck → missed words, in the cards' order, for each deck
   * with every card marked. Any line takes the deck's due reviews, so a deck
   * left partway has none: its cards not reached stay due. A deck with none
   * missed records the test too (`- deck:`).
   */
  function resultsByDeck() {
    const decks = new Map();
    const unmarked = new Set();
    for (const key of original) {
      const card = byKey.get(key);
      const deck = card.dataset.deck;
      if (!decks.has(deck)) decks.set(deck, []);
      if (!state.marks[key]) unmarked.add(deck);
      if (state.marks[key] === "x") decks.get(deck).push(card.dataset.word);
    }
    for (const deck of unmarked) decks.delete(deck);
    return decks;
  }

  /** The lines to paste into reviews.md: today's heading and one line per deck tested. */
  function reviewLines() {
    const decks = resultsByDeck();
    if (decks.size === 0) return "";
    const lines = ["## " + today];
    for (const [deck, words] of decks) lines.push("- " + deck + ":" + (words.length ? " " + words.join(", ") : ""));
    return lines.join("\n");
  }

  function render() {
    const key = currentKey();
    state.current = key;
    const keys = visible();
    for (const card of cards) {
      const isCurrent = card.dataset.key === key;
      card.hidden = !isCurrent;
      card.classList.toggle("flipped", isCurrent && flipped);
      // Screen readers read the side that faces the reader.
      card.querySelector(".card-front").setAttribute("aria-hidden", String(isCurrent && flipped));
      card.querySelector(".card-back").setAttribute("aria-hidden", String(isCurrent && !flipped));
      card.classList.toggle("marked-o", state.marks[card.dataset.key] === "o");
      card.classList.toggle("marked-x", state.marks[card.dataset.key] === "x");
      if (isCurrent) {
        card.tabIndex = 0;
        card.setAttribute("role", "button");
        card.setAttribute("aria-pressed", String(flipped));
      } else {
        card.removeAttribute("tabindex");
      }
    }
    for (const button of root.querySelectorAll("[data-mode]")) button.setAttribute("aria-pressed", String(button.dataset.mode === mode));
    const mark = key ? state.marks[key] : undefined;
    $('[data-action="pass"]').setAttribute("aria-pressed", String(mark === "o"));
    $('[data-action="miss"]').setAttribute("aria-pressed", String(mark === "x"));
    $('[data-action="undo"]').disabled = state.history.length === 0;
    ui.test.hidden = mode !== "test";

    const c = counts();
    ui.missedOnly.checked = state.missedOnly;
    ui.missedOnly.disabled = c.x === 0 && !state.missedOnly;
    if (keys.length === 0) {
      ui.progress.textContent = t("NoMissedCards");
    } else if (mode === "test") {
      ui.progress.textContent = t("TestProgress", c);
    } else {
      ui.progress.textContent = t("StudyProgress", { i: keys.indexOf(key) + 1, n: keys.length });
    }

    const lines = reviewLines();
    ui.result.hidden = mode !== "test" && c.x === 0;
    ui.summary.textContent = [c.done === c.n ? t("Finished", c) : "", lines ? "" : t("NoMisses")].filter(Boolean).join(" ");
    ui.lines.value = lines;
    ui.resultLines.hidden = !lines || !(onComputer || serve);
    ui.copy.hidden = ui.resultLines.hidden;
    ui.save.hidden = !lines || !serve || !inbox;
    ui.lines.rows = Math.max(2, lines.split("\n").length);
    state.unfinished = unfinished();
    ui.pending.textContent = state.unfinished.map(([deck, done, n]) => t("DeckPending", { deck: deckTitle(deck), done, n })).join(" ");
    ui.pending.hidden = state.unfinished.length === 0;
    save();
  }

  const deckKeys = (deck) => original.filter((key) => byKey.get(key).dataset.deck === deck);
  const complete = (deck) => deckKeys(deck).every((key) => state.marks[key]);

  /**
   * The decks answered partway: [deck, answered, cards, only studied], kept with the progress to be told on a
   * later day; on a day the deck was only studied no review waited on the test.
   */
  function unfinished() {
    const decks = Array.from(new Set(original.map((key) => byKey.get(key).dataset.deck)));
    const studied = (deck) => Boolean(due) && deckKeys(deck).every((key) => due.get(deck + "\n" + byKey.get(key).dataset.word).study);
    return decks.map((deck) => [deck, deckKeys(deck).filter((key) => state.marks[key]).length, deckKeys(deck).length, studied(deck)])
      .filter(([, done, n]) => done > 0 && done < n);
  }

  /** An earlier day's decks left partway were never recorded (their reviews stay due): said once, on a later day. */
  function tellUnfinished() {
    const notes = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (!key || !key.startsWith(prefix) || key.slice(prefix.length) >= today) continue;
      let saved;
      try {
        saved = JSON.parse(localStorage.getItem(key));
      } catch (error) {
        continue;
      }
      if (!saved || saved.told || !Array.isArray(saved.unfinished) || saved.unfinished.length === 0) continue;
      for (const [deck, done, n, studied] of saved.unfinished) {
        notes.push(t(studied ? "EarlierUnfinishedStudy" : "EarlierUnfinished", { day: dayText(key.slice(prefix.length)), deck: deckTitle(deck), done, n }));
      }
      saved.told = true;
      localStorage.setItem(key, JSON.stringify(saved));
    }
    ui.earlier.textContent = notes.join(" ");
    ui.earlier.hidden = notes.length === 0;
  }

  function flip() {
    flipped = !flipped;
    render();
  }

  function move(step) {
    const keys = visible();
    const at = keys.indexOf(currentKey());
    const next = Math.min(keys.length - 1, Math.max(0, at + step));
    if (next !== at) {
      state.current = keys[next];
      flipped = false;
    }
    render();
  }

  /**
   * A deck's answers become inbox events together when its last card is
   * marked (a test with nothing missed is recorded too); after that a changed
   * answer replaces its waiting event, and an undone one takes the deck's
   * waiting events back until it is whole again. Under `daybook serve` a
   * finished test goes home at once.
   */
  function record(key, mark, wasComplete) {
    if (!inbox) return;
    const deck = byKey.get(key).dataset.deck;
    const ofDeck = (event) => event.type === "test" && event.deck === deck && inbox.dayOf(event) === inbox.day();
    const add = (k) => {
      const word = byKey.get(k).dataset.word;
      inbox.add({ type: "test", deck, word, result: state.marks[k] === "x" ? "missed" : "passed" }, (event) => ofDeck(event) && event.word === word);
    };
    if (!complete(deck)) inbox.remove(ofDeck);
    else if (!wasComplete) deckKeys(deck).forEach(add);
    else add(key);
    if (serve && original.every((k) => state.marks[k])) inbox.sendToServe(inbox.events().filter((event) => event.type === "test"));
  }

  /** Marks the current card and goes on to the next one without a mark (or simply the next). */
  function markCurrent(value) {
    const key = currentKey();
    if (mode !== "test" || !key) return;
    const before = visible();
    const at = before.indexOf(key);
    state.history.push({ key, previous: state.marks[key] || null });
    const wasComplete = complete(byKey.get(key).dataset.deck);
    state.marks[key] = value;
    record(key, value, wasComplete);
    flipped = false;
    // The filter to missed cards may have just dropped this one.
    const after = new Set(visible());
    const following = before.slice(at + 1).filter((k) => after.has(k));
    const wrapped = following.concat(before.slice(0, at).filter((k) => after.has(k)));
    state.current = wrapped.find((k) => !state.marks[k]) || following[0] || (after.has(key) ? key : wrapped[0]);
    render();
  }

  function undo() {
    const step = state.history.pop();
    if (!step) return;
    const wasComplete = complete(byKey.get(step.key).dataset.deck);
    if (step.previous) state.marks[step.key] = step.previous;
    else delete state.marks[step.key];
    record(step.key, step.previous, wasComplete);
    if (!visible().includes(step.key)) state.missedOnly = false;
    state.current = step.key;
    flipped = false;
    render();
  }

  function shuffle() {
    const order = state.order.slice();
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    state.order = order;
    state.current = visible()[0];
    flipped = false;
    render();
  }

  function setMode(next) {
    mode = next;
    flipped = false;
    if (mode === "test") state.current = visible().find((key) => !state.marks[key]) || currentKey();
    history.replaceState(null, "", mode === "test" ? "#test" : location.pathname + location.search);
    render();
  }

  function restart() {
    state = { order: state.order, current: state.order[0], marks: {}, history: [], missedOnly: false };
    flipped = false;
    render();
  }

  async function copyLines() {
    const text = ui.lines.value + "\n";
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch (error) {
      ui.lines.hidden = false;
      ui.lines.focus();
      ui.lines.select();
      try {
        copied = document.execCommand("copy");
      } catch (fallbackError) {
        copied = false;
      }
    }
    ui.copyStatus.textContent = copied ? t("Copied") : t("CopyFailed");
  }

  /**
   * Sends the test's answers waiting in the inbox to the preview server, which
   * merges them into reviews.md and rebuilds; answers it already took are home.
   */
  async function saveLines() {
    ui.save.disabled = true;
    const waiting = inbox.events().filter((event) => event.type === "test");
    const error = waiting.length ? await inbox.sendToServe(waiting) : "";
    ui.copyStatus.textContent = error ? t("SaveFailed", { error }) : t("Saved");
    // The save rebuilds the site and the page reloads: the note is kept for the reloaded page.
    if (!error) sessionStore("set", ui.copyStatus.textContent);
    ui.save.disabled = false;
  }

  const actions = {
    flip,
    prev: () => move(-1),
    next: () => move(1),
    pass: () => markCurrent("o"),
    miss: () => markCurrent("x"),
    undo,
    shuffle,
    restart,
    copy: copyLines,
    save: saveLines,
  };

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (button && button.dataset.mode) return setMode(button.dataset.mode);
    if (button && actions[button.dataset.action]) return actions[button.dataset.action]();
    const card = event.target.closest(".card");
    if (card && !event.target.closest("a")) flip();
  });
  ui.missedOnly.addEventListener("change", () => {
    state.missedOnly = ui.missedOnly.checked;
    state.current = visible()[0];
    flipped = false;
    render();
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    // Keys typed into a field are the field's; a checkbox leaves arrows and letters to the cards.
    if (target.closest && target.closest('textarea, select, input:not([type="checkbox"])')) return;
    if ((event.ctrlKey || event.metaKey) && event.code === "KeyZ") {
      event.preventDefault();
      return undo();
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onControl = target.closest && target.closest("button, a, input");
    let handled = true;
    if ((event.key === " " || event.key === "Enter") && !onControl) flip();
    else if (event.key === "ArrowRight") move(1);
    else if (event.key === "ArrowLeft") move(-1);
    // Codes, not keys: O and X work with a Korean or Japanese keyboard layout too.
    else if (mode === "test" && event.code === "KeyO") markCurrent("o");
    else if (mode === "test" && event.code === "KeyX") markCurrent("x");
    else if (mode === "test" && (event.code === "KeyU" || event.key === "Backspace")) undo();
    else handled = false;
    if (handled) {
      event.preventDefault();
      // A key was pressed: there is a keyboard, whatever the pointer.
      ui.help.hidden = false;
    }
  });
  window.addEventListener("hashchange", () => setMode(location.hash === "#test" ? "test" : "study"));

  /** The "Saved" note across the reload that follows a save; storage may be refused (private browsing). */
  function sessionStore(action, value) {
    try {
      if (action === "set") return sessionStorage.setItem("daybook-saved", value);
      const note = sessionStorage.getItem("daybook-saved");
      sessionStorage.removeItem("daybook-saved");
      return note;
    } catch (error) {
      return null;
    }
  }

  root.classList.add("is-live");
  for (const part of [ui.toolbar, ui.nav]) part.hidden = false;
  ui.help.hidden = !onComputer;
  heading();
  const savedNote = sessionStore("take");
  if (savedNote) ui.copyStatus.textContent = savedNote;
  try {
    tellUnfinished();
  } catch (error) {
    // Storage refused: there is no earlier progress to tell of.
  }
  if (mode === "test" && !state.marks[currentKey()]) state.current = visible().find((key) => !state.marks[key]) || currentKey();
  render();
})();
