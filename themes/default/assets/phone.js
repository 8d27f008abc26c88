// Daybook on a phone (SPEC §8): what is recorded here — test answers,
// routines timed, a workout done, a short entry — waits in this browser's
// storage as inbox events until it leaves as one JSON Lines file (share
// sheet, download, or copied text) for `daybook inbox` to merge at home.
// The home page also picks today's plan by the phone's clock among the days
// the build carries, and works out their vocabulary from what was recorded.
"use strict";

window.DaybookInbox = (function inbox() {
  const manifest = document.querySelector('link[rel="manifest"]');
  // One queue per site, even when several sites share a host under sub-paths.
  const site = new URL("./", manifest ? manifest.href : location.href).pathname;
  const siteURL = new URL("./", manifest ? manifest.href : location.href);
  const queueKey = "daybook-inbox:" + site;
  const sentKey = "daybook-inbox-sent:" + site;
  // When this phone last saw its events merged, and what they were (the day's done marks outlive the queue).
  const seenKey = "daybook-inbox-seen:" + site;
  const mergedKey = "daybook-inbox-merged:" + site;
  const pad = (n, width = 2) => String(n).padStart(width, "0");

  function read(key, fallback) {
    try {
      return JSON.parse(localStorage.getItem(key)) ?? fallback;
    } catch (error) {
      return fallback;
    }
  }

  function write(key, value) {
    localStorage.setItem(key, JSON.stringify(value));
    document.dispatchEvent(new CustomEvent("daybook-inbox"));
  }

  /** The phone's own date, YYYY-MM-DD (the clock read through Date.now, so a test can set it). */
  function day(time = Date.now()) {
    const date = new Date(time);
    return date.getFullYear() + "-" + pad(date.getMonth() + 1) + "-" + pad(date.getDate());
  }

  /** RFC 3339 with the phone's offset: 2026-11-27T21:02:11+09:00. */
  function stamp(time = Date.now()) {
    const date = new Date(time);
    const offset = -date.getTimezoneOffset();
    const sign = offset >= 0 ? "+" : "-";
    return day(time) + "T" + pad(date.getHours()) + ":" + pad(date.getMinutes()) + ":" + pad(date.getSeconds())
      + sign + pad(Math.floor(Math.abs(offset) / 60)) + ":" + pad(Math.abs(offset) % 60);
  }

  /** Device + counter: unique across this phone's events, whatever site or day. */
  function nextID() {
    let device = localStorage.getItem("daybook-device");
    if (!/^[0-9a-f]{6}$/.test(device || "")) {
      device = Array.from(crypto.getRandomValues(new Uint8Array(3)), (byte) => byte.toString(16).padStart(2, "0")).join("");
      localStorage.setItem("daybook-device", device);
    }
    const counter = (Number(localStorage.getItem("daybook-counter")) || 0) + 1;
    localStorage.setItem("daybook-counter", String(counter));
    return device + "-" + counter;
  }

  const events = () => read(queueKey, []);
  const dayOf = (event) => event.at.slice(0, 10);

  /** Records an event now; `replaces` drops a waiting event it takes the place of (a test answer changed). */
  function add(fields, replaces = () => false) {
    const event = Object.assign({ v: 1, id: nextID(), at: stamp() }, fields);
    write(queueKey, events().filter((old) => !replaces(old)).concat(event));
    return event;
  }

  function remove(test) {
    write(queueKey, events().filter((event) => !test(event)));
  }

  const text = (list = events()) => list.map((event) => JSON.stringify(event)).join("\n") + (list.length ? "\n" : "");

  /** The events that left the phone (shared, downloaded, copied) may be cleared. */
  function markSent(list) {
    write(sentKey, Array.from(new Set(read(sentKey, []).concat(list.map((event) => event.id)))));
  }

  function clearSent() {
    const sent = new Set(read(sentKey, []));
    remove((event) => sent.has(event.id));
    write(sentKey, []);
  }

  const sentCount = () => {
    const sent = new Set(read(sentKey, []));
    return events().filter((event) => sent.has(event.id)).length;
  };

  /**
   * Under `daybook serve` (window.daybookServe) events go straight into the
   * content's inbox; those the server did not take stay waiting here.
   * Returns "" when they were taken, else why not.
   */
  async function sendToServe(list) {
    const serve = window.daybookServe;
    if (!serve || !list.length) return "nothing to send";
    try {
      const response = await fetch("/__daybook/inbox", {
        method: "POST",
        headers: { "Content-Type": "application/x-ndjson", "X-Daybook-Token": serve.token },
        body: text(list),
      });
      if (!response.ok) return (await response.json().catch(() => ({}))).error || String(response.status);
      const ids = new Set(list.map((event) => event.id));
      keepMerged(list);
      remove((event) => ids.has(event.id));
      return "";
    } catch (error) {
      return error.message || String(error);
    }
  }

  /** Whether `inbox-merged.json` (MergedEvents.swift: per device, ranges of counters) lists `id`. */
  function listed(merged, id) {
    const dash = id.lastIndexOf("-");
    const counter = Number(id.slice(dash + 1));
    const ranges = dash > 0 && String(counter) === id.slice(dash + 1) ? (merged.devices || {})[id.slice(0, dash)] : null;
    return ranges ? ranges.some(([low, high]) => low <= counter && counter <= high) : (merged.ids || []).includes(id);
  }

  /**
   * The published site says which events are merged at home: those leave
   * the queue by themselves, without asking (SPEC §8). The routines and
   * workouts among them are kept a while, so the day still shows them done.
   */
  async function dropMerged() {
    let merged;
    try {
      const response = await fetch(new URL("inbox-merged.json", siteURL), { cache: "no-store" });
      if (!response.ok) return;
      merged = await response.json();
    } catch (error) {
      return; // Offline, or opened from disk: the queue stays as it is.
    }
    const gone = events().filter((event) => listed(merged, event.id));
    if (!gone.length) return;
    const ids = new Set(gone.map((event) => event.id));
    keepMerged(gone);
    localStorage.setItem(seenKey, JSON.stringify({ at: stamp(), n: gone.length }));
    localStorage.setItem(sentKey, JSON.stringify(read(sentKey, []).filter((id) => !ids.has(id))));
    remove((event) => ids.has(event.id));
  }

  /** Keeps the merged routines, workouts and undos of the last days, for the day's done marks. */
  function keepMerged(list) {
    const recent = read(mergedKey, []).filter((event) => dayOf(event) >= day(Date.now() - 2 * 86400000));
    localStorage.setItem(mergedKey, JSON.stringify(recent.concat(list.filter((event) => event.type !== "test" && event.type !== "entry"))));
  }

  /** When this phone last saw its events merged ({at, n}), or null. */
  const lastSeen = () => read(seenKey, null);

  /** What was recorded here, waiting or merged lately, and not taken back: the day's done marks. */
  function recorded() {
    const all = read(mergedKey, []).concat(events());
    const undone = new Set(all.filter((event) => event.type === "undo").map((event) => event.of));
    return all.filter((event) => event.type !== "undo" && !undone.has(event.id));
  }

  /**
   * Takes back a routine or workout recorded by mistake: one that never left
   * the phone is simply dropped; one sent or merged gets an undo event, which
   * `daybook inbox` merges so that the pair leaves no line.
   */
  function undo(event) {
    const sent = new Set(read(sentKey, []));
    if (events().some((waiting) => waiting.id === event.id) && !sent.has(event.id)) {
      remove((waiting) => waiting.id === event.id);
    } else {
      sendToServe([add({ type: "undo", of: event.id })]);
    }
  }

  window.addEventListener("storage", (event) => {
    if (event.key === queueKey || event.key === sentKey) document.dispatchEvent(new CustomEvent("daybook-inbox"));
  });
  dropMerged();

  return { events, add, remove, text, day, stamp, dayOf, markSent, clearSent, sentCount, sendToServe, lastSeen, recorded, undo };
})();

// The inbox panel: how many events wait, and the ways to send them home.
(function inboxPanel() {
  const panel = document.querySelector(".inbox-panel");
  if (!panel) return;
  const inbox = window.DaybookInbox;
  const t = (name, n) => (panel.dataset["t" + name] || "").split("{n}").join(String(n));
  const $ = (selector) => panel.querySelector(selector);
  const count = $(".inbox-count");
  const status = $(".inbox-status");
  const buttons = Object.fromEntries(Array.from(panel.querySelectorAll("[data-inbox]"), (button) => [button.dataset.inbox, button]));
  const file = () => "daybook-" + inbox.day() + "-" + (inbox.events()[0]?.id || "empty") + ".jsonl";

  // What waits, what of it was sent, and when the phone last saw its records merged at home.
  function render() {
    const n = inbox.events().length;
    const sent = inbox.sentCount();
    count.textContent = (n ? t("Waiting", n) : t("Empty", 0)) + (sent ? " " + t("Sent", sent) : "");
    const seen = inbox.lastSeen();
    $(".inbox-seen").hidden = !seen;
    if (seen) {
      const when = new Date(seen.at).toLocaleString(document.documentElement.lang || undefined,
        { weekday: "short", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" });
      $(".inbox-seen").textContent = t("Seen", seen.n).split("{when}").join(when);
    }
    for (const name of ["send", "download", "copy"]) buttons[name].disabled = n === 0;
    buttons.serve.hidden = !window.daybookServe;
    buttons.clear.hidden = sent === 0;
    buttons.clear.textContent = t("Clear", sent);
  }

  function canShare() {
    try {
      return Boolean(navigator.canShare && navigator.canShare({ files: [new File([""], "inbox.jsonl", { type: "text/plain" })] }));
    } catch (error) {
      return false;
    }
  }

  const actions = {
    // One tap home: the share sheet with the file where there is one (to Syncthing, a drive's app), else the download.
    async send() {
      if (!canShare()) return actions.download();
      const list = inbox.events();
      try {
        await navigator.share({ files: [new File([inbox.text(list)], file(), { type: "text/plain" })], title: file() });
        inbox.markSent(list);
        status.textContent = t("Shared", list.length);
      } catch (error) {
        status.textContent = t("NotShared", list.length);
      }
    },
    download() {
      const list = inbox.events();
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([inbox.text(list)], { type: "application/x-ndjson" }));
      link.download = file();
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      inbox.markSent(list);
      status.textContent = t("Downloaded", list.length);
    },
    async copy() {
      const list = inbox.events();
      const area = $(".inbox-text");
      area.value = inbox.text(list);
      try {
        await navigator.clipboard.writeText(area.value);
        inbox.markSent(list);
        status.textContent = t("Copied", list.length);
      } catch (error) {
        // Shown and selected, to copy by hand.
        area.hidden = false;
        area.focus();
        area.select();
        status.textContent = t("CopyByHand", list.length);
      }
    },
    async serve() {
      const list = inbox.events();
      status.textContent = (await inbox.sendToServe(list)) === "" ? t("Saved", list.length) : t("NotSaved", list.length);
    },
    clear() {
      if (!confirm(t("ClearConfirm", inbox.sentCount()))) return;
      inbox.clearSent();
      status.textContent = "";
    },
  };

  panel.addEventListener("click", (event) => {
    const button = event.target.closest("[data-inbox]");
    if (button && actions[button.dataset.inbox]) actions[button.dataset.inbox]();
  });
  document.addEventListener("daybook-inbox", render);
  panel.hidden = false;
  render();
})();

// The vocabulary plan of a day, worked out on the phone (SPEC §4, §8): the
// rules of the build's schedule (ComingDays.swift, VocabSchedule.swift)
// ported, from the state the home page carries — each book with a session
// left, as it stood at the start of `from`, four weeks before the build's day
// — and the tests from that day on: reviews.md's, and those this phone
// recorded and has not sent home (older than the build or not: a rebuild
// without them does not make them count less).
window.DaybookPlan = (function vocabPlan() {
  const DAY = 86400000;
  const days = (iso) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY;
  const iso = (day) => new Date(day * DAY).toISOString().slice(0, 10);

  function load() {
    const element = document.querySelector(".plan-state");
    try {
      return element ? JSON.parse(element.textContent) : null;
    } catch (error) {
      return null;
    }
  }

  /** The phone's test events the plan counts: those from the state's `from` on (older ones count once merged). */
  const counted = (state, events) => events.filter((event) => event.type === "test" && days(event.at.slice(0, 10)) >= days(state.today) + state.from);

  /** The tests from `from` on, in date order: [day, deck, missed words]; the phone's test events merge per day and deck as `daybook inbox` does. */
  function tests(state, events) {
    const today = days(state.today);
    const list = state.tests.map(([day, deck, missed]) => [today + day, deck, missed]);
    const phone = new Map();
    for (const event of counted(state, events)) {
      const day = days(event.at.slice(0, 10));
      const key = day + "\n" + event.deck;
      if (!phone.has(key)) phone.set(key, [day, event.deck, []]);
      if (event.result === "missed") phone.get(key)[2].push(event.word);
    }
    return list.concat(Array.from(phone.values())).sort((a, b) => a[0] - b[0]);
  }

  /** One deck's sessions on `date` (days since 1970), as `ComingDays.activity`. */
  function deckSessions(state, deck, date, allTests) {
    const today = days(state.today);
    const lastStudy = state.study - 1;
    const intervals = state.intervals;
    const books = new Map();
    const bookOf = new Map();
    const newBook = (start) => ({ start, review: 1, due: intervals.length ? start + lastStudy + intervals[0] : null, words: new Set() });
    for (const [start, review, due, ...words] of deck.books) {
      books.set(today + start, { start: today + start, review, due: due === null ? null : today + due, words: new Set(words) });
      for (const word of words) bookOf.set(word, today + start);
    }
    const tested = [];
    const lastMiss = new Map();
    // The book a word left by a miss on `date`: its review that day still lists it.
    const left = new Map();
    for (const [day, deckID, missed] of allTests) {
      if (deckID !== deck.id || day > date) continue;
      tested.push(day);
      for (const word of missed) {
        // A word not sent is mastered (the merge refuses a word the deck does not have).
        const start = bookOf.get(word);
        if ((start !== undefined && start > day) || lastMiss.get(word) === day) continue;
        lastMiss.set(word, day);
        // A miss during the book's study days changes nothing.
        if (start !== undefined && start <= day && day <= start + lastStudy) continue;
        if (start !== undefined) {
          books.get(start).words.delete(word);
          if (day === date) left.set(word, start);
        }
        if (!books.has(day)) books.set(day, newBook(day));
        books.get(day).words.add(word);
        bookOf.set(word, day);
      }
    }
    // ReviewTaking: a review is taken on the first tested day on or after it falls due; until then it is overdue on `date`.
    const takenOn = (due) => {
      if (state.rule !== "overdue" || due > date) return due;
      const day = tested.find((test) => test >= due);
      return day === undefined ? date : day;
    };
    const reviewOn = (book) => {
      let number = book.review;
      let due = book.due;
      while (due !== null && number <= intervals.length) {
        const taken = takenOn(due);
        if (taken === date) return { number, late: date - due };
        if (taken > date) return null;
        due = taken + intervals[number];
        number += 1;
      }
      return null;
    };
    const leftWords = new Map();
    for (const [word, start] of left) leftWords.set(start, (leftWords.get(start) || []).concat(word));
    const studies = [];
    const reviews = [];
    for (const book of Array.from(books.values()).sort((a, b) => a.start - b.start)) {
      if (book.start <= date && date <= book.start + lastStudy) {
        if (book.words.size) studies.push({ start: book.start, study: date - book.start + 1, words: Array.from(book.words) });
        continue;
      }
      const review = reviewOn(book);
      const words = Array.from(book.words).concat(leftWords.get(book.start) || []);
      if (review && words.length) reviews.push({ start: book.start, review: review.number, late: review.late, words });
    }
    // Overdue first, the latest first.
    reviews.sort((a, b) => b.late - a.late || a.start - b.start);
    return { deck, studies, reviews };
  }

  const fill = (text, values) => text.replace(/\{([^}]*)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

  function shortDate(state, day) {
    const date = new Date(day * DAY);
    const weekday = (date.getUTCDay() + 6) % 7;
    const parts = {
      year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(),
      month2: String(date.getUTCMonth() + 1).padStart(2, "0"), day2: String(date.getUTCDate()).padStart(2, "0"),
      monthName: state.months[date.getUTCMonth()], weekday: state.weekdays[weekday], weekdayShort: state.weekdaysShort[weekday],
    };
    return state.t.date_short.replace(/\{(year|month2|day2|monthName|month|day|weekdayShort|weekday)\}/g, (whole, name) => String(parts[name]));
  }

  /** The plan's sections of `dayISO` as TodayPage.plan makes them: overdue reviews, study, reviews due; or nothing to do. */
  function sections(state, dayISO, events) {
    const date = days(dayISO);
    const allTests = tests(state, events);
    const t = state.t;
    const decks = state.decks.map((deck) => deckSessions(state, deck, date, allTests));
    const wordCount = (n) => fill(t.vocab_word_count, { n });
    const label = (session) => {
      if (session.study) return fill(t.vocab_session_study, { n: session.study, of: state.study });
      const values = { n: session.review, of: state.intervals.length };
      if (!session.late) return fill(t.vocab_session_review, values);
      values.late = session.late === 1 ? t.vocab_late_day : fill(t.vocab_late_days, { n: session.late });
      return fill(t.vocab_session_overdue, values);
    };
    const items = (pick, cssClass, recorded) => decks.flatMap(({ deck, studies, reviews }) => pick(studies, reviews).map((session) => ({
      text: deck.title + " · " + fill(t.vocab_book_title, { date: shortDate(state, session.start) }),
      detail: label(session) + " · " + wordCount(session.words.length),
      href: deck.href[0] + iso(session.start) + deck.href[1],
      cssClass, recorded: recorded ? recorded + deck.id : null, words: session.words.length,
    })));
    const overdue = items((studies, reviews) => reviews.filter((r) => r.late > 0), "vocab-review vocab-overdue", "review:");
    const study = items((studies) => studies, "vocab-study", null);
    const due = items((studies, reviews) => reviews.filter((r) => !r.late), "vocab-review", "review:");
    const sum = (list) => list.reduce((total, item) => total + item.words, 0);
    if (!overdue.length && !study.length && !due.length) {
      return [{ title: t.vocab_plan_study, cssClass: "vocab", items: [{ text: t.vocab_nothing_today, cssClass: "empty" }],
        moreHref: state.links.all, moreLabel: t.vocab_all_decks }];
    }
    const list = [];
    if (overdue.length) list.push({ title: fill(t.vocab_plan_overdue_count, { n: sum(overdue) }), cssClass: "vocab vocab-review vocab-overdue",
      items: overdue, moreHref: state.links.test, moreLabel: t.vocab_open_test });
    if (study.length) list.push({ title: fill(t.vocab_plan_study_count, { n: sum(study) }), cssClass: "vocab vocab-study",
      items: study, moreHref: state.links.today, moreLabel: t.vocab_open_today });
    if (due.length) list.push({ title: fill(t.vocab_plan_review_count, { n: sum(due) }), cssClass: "vocab vocab-review",
      items: due, moreHref: state.links.test, moreLabel: t.vocab_open_test });
    return list;
  }

  /** Whether the state carries `dayISO`: the build's day or one of the days after it. */
  const carries = (state, dayISO) => days(dayISO) >= days(state.today) && days(dayISO) < days(state.today) + state.days;

  /** The words studied or reviewed on `dayISO`, as `deck\nword`: the cards of that day's test. */
  function words(state, dayISO, events) {
    const date = days(dayISO);
    const allTests = tests(state, events);
    const due = new Set();
    for (const deck of state.decks) {
      const { studies, reviews } = deckSessions(state, deck, date, allTests);
      for (const session of studies.concat(reviews)) for (const word of session.words) due.add(deck.id + "\n" + word);
    }
    return due;
  }

  /** The sections as the partial plan.mustache writes them. */
  function render(list) {
    return list.map((section) => {
      const element = document.createElement("section");
      element.className = "plan-section " + section.cssClass;
      const heading = document.createElement("h3");
      heading.textContent = section.title;
      const items = document.createElement("ul");
      for (const item of section.items) {
        const li = document.createElement("li");
        li.className = item.cssClass;
        if (item.recorded) li.dataset.record = item.recorded;
        const text = document.createElement(item.href ? "a" : "span");
        if (item.href) text.href = item.href;
        text.textContent = item.text;
        li.append(item.href ? text : item.text);
        if (item.detail) {
          const detail = document.createElement("span");
          detail.className = "detail";
          detail.textContent = item.detail;
          li.append(" ", detail);
        }
        items.append(li);
      }
      element.append(heading, items);
      if (section.moreHref) {
        const more = document.createElement("p");
        more.className = "more";
        const link = document.createElement("a");
        link.href = section.moreHref;
        link.textContent = section.moreLabel;
        more.append(link);
        element.append(more);
      }
      return element;
    });
  }

  return { load, carries, counted, sections, render, words };
})();

// Today's plan by the phone's clock: the home page carries the plan of the
// coming days, each hidden but the build's own; this shows the phone's day,
// works its vocabulary out from what this phone recorded (`DaybookPlan`),
// marks what was recorded for it, or says the site is too old.
(function todayByClock() {
  const days = Array.from(document.querySelectorAll("[data-plan-day]"));
  if (!days.length) return;
  const inbox = window.DaybookInbox;
  const today = inbox.day();
  const shown = days.find((block) => block.dataset.planDay === today);
  const stale = document.querySelector(".stale-site");
  if (!shown) {
    // Before the build's day the build's plan stands; after the last day carried it is out of date.
    if (stale && today > days[days.length - 1].dataset.planDay) stale.hidden = false;
    return;
  }
  for (const block of days) block.hidden = block !== shown;
  const title = document.querySelector(".today-title time");
  if (title) {
    title.dateTime = today;
    title.textContent = shown.dataset.label;
  }
  const events = inbox.events();
  const state = window.DaybookPlan.load();
  // The build's own day stands as built unless this phone holds a test it counts (one before the build's day too);
  // the days after are always the phone's to work out.
  const tested = state && window.DaybookPlan.counted(state, events).some((event) => inbox.dayOf(event) <= today);
  if (state && (shown !== days[0] || tested)) {
    for (const old of shown.querySelectorAll(".plan-section.vocab")) old.remove();
    shown.prepend(...window.DaybookPlan.render(window.DaybookPlan.sections(state, today, events)));
  }
  // The workout form offers the phone's day's planned split, not the build's day's.
  const split = document.getElementById("workout-split");
  const planned = shown.querySelector('[data-record="workout"] a');
  if (split && (planned || shown !== days[0])) split.value = planned ? planned.textContent : "";
  // What was recorded here for that day and has not gone home yet.
  const done = new Set();
  for (const event of events) {
    if (inbox.dayOf(event) !== today) continue;
    if (event.type === "test") done.add("review:" + event.deck);
    if (event.type === "routine") done.add("routine:" + event.routine);
    if (event.type === "workout") done.add("workout");
  }
  for (const item of shown.querySelectorAll("[data-record]")) {
    if (!done.has(item.dataset.record)) continue;
    item.classList.add("recorded");
    const note = document.createElement("span");
    note.className = "detail recorded-note";
    note.textContent = " ✓ " + (shown.closest("[data-t-recorded]")?.dataset.tRecorded || "");
    item.append(note);
  }
})();

// Done means done (issue 40): a routine or workout recorded on the phone's
// day shows as done with what was recorded and an Undo, also once it is
// merged at home; recording the same thing again on that day asks first.
window.DaybookDone = (function doneMarks() {
  const section = document.querySelector(".recorder");
  const inbox = window.DaybookInbox;
  if (!section || !inbox) return null;
  const t = (name, values = {}) => {
    let text = section.dataset["t" + name] || "";
    for (const [key, value] of Object.entries(values)) text = text.split("{" + key + "}").join(String(value));
    return text;
  };
  const today = () => inbox.recorded().filter((event) => inbox.dayOf(event) === inbox.day());
  const routineDone = (id) => today().filter((event) => event.type === "routine" && event.routine === id);
  const workoutsDone = () => today().filter((event) => event.type === "workout");

  function undoButton(event) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "undo";
    button.textContent = t("Undo");
    button.addEventListener("click", () => inbox.undo(event));
    return button;
  }

  function render() {
    for (const item of section.querySelectorAll("[data-routine]")) {
      item.querySelector(".done-note")?.remove();
      const done = routineDone(item.dataset.routine);
      const again = item.querySelector('[data-timer="done"]');
      item.classList.toggle("done", done.length > 0);
      // The button stays for a second time that day, named so, and asks first (`mayRecordRoutine`).
      again.dataset.label ||= again.textContent;
      again.textContent = done.length ? t("Again") : again.dataset.label;
      if (!done.length) continue;
      const last = done[done.length - 1];
      const note = document.createElement("span");
      note.className = "done-note";
      note.append("✓ " + t("Done") + (last.minutes ? " · " + t("Minutes", { n: last.minutes }) : "") + " ", undoButton(last));
      again.before(note, " ");
    }
    const box = section.querySelector(".workout-done");
    if (!box) return;
    box.replaceChildren();
    for (const event of workoutsDone()) {
      const heading = document.createElement("p");
      heading.append("✓ " + t("WorkoutDone", { split: event.split || "" }).replace(/:\s*$/, "") + " ", undoButton(event));
      const list = document.createElement("ul");
      for (const line of event.sets || []) {
        const li = document.createElement("li");
        li.textContent = line;
        list.append(li);
      }
      box.append(heading, list);
    }
    box.hidden = !box.children.length;
  }

  // Whether to record now: at once when nothing like it is recorded today, else as the person answers.
  const mayRecordRoutine = (id, name) => !routineDone(id).length || confirm(t("AgainRoutine", { name }));
  const mayRecordWorkout = () => !workoutsDone().length || confirm(t("AgainWorkout"));

  document.addEventListener("daybook-inbox", render);
  render();
  return { mayRecordRoutine, mayRecordWorkout };
})();

// Recording on the phone: a routine with a timer, today's workout, a short entry.
(function recorder() {
  const section = document.querySelector(".recorder");
  if (!section) return;
  const inbox = window.DaybookInbox;
  const t = (name, values = {}) => {
    let text = section.dataset["t" + name] || "";
    for (const [key, value] of Object.entries(values)) text = text.split("{" + key + "}").join(String(value));
    return text;
  };
  section.hidden = false;

  // The routine timer keeps the time it started and reads the clock: a phone
  // throttles timers in the background, so ticks would be lost.
  const timerKey = "daybook-timer:" + new URL("./", document.querySelector('link[rel="manifest"]')?.href || location.href).pathname;
  const routines = Array.from(section.querySelectorAll("[data-routine]"));
  let lock = null;
  let ticking = null;

  const loadTimer = () => {
    try {
      return JSON.parse(localStorage.getItem(timerKey)) || null;
    } catch (error) {
      return null;
    }
  };
  const saveTimer = (timer) => (timer ? localStorage.setItem(timerKey, JSON.stringify(timer)) : localStorage.removeItem(timerKey));
  const elapsed = (timer) => (timer ? timer.elapsed + (timer.since === null ? 0 : Math.max(0, Date.now() - timer.since)) : 0);
  const clock = (ms) => {
    const seconds = Math.floor(ms / 1000);
    return Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  };

  async function keepAwake(on) {
    try {
      if (on && !lock && navigator.wakeLock && document.visibilityState === "visible") {
        lock = await navigator.wakeLock.request("screen");
        lock.addEventListener("release", () => { lock = null; });
      } else if (!on && lock) {
        await lock.release();
        lock = null;
      }
    } catch (error) {
      lock = null; // Not allowed here (battery saver, an old browser): the timer runs all the same.
    }
  }

  function renderTimers() {
    const timer = loadTimer();
    for (const item of routines) {
      const mine = timer && timer.routine === item.dataset.routine;
      const running = mine && timer.since !== null;
      item.querySelector(".timer").textContent = clock(mine ? elapsed(timer) : 0);
      const start = item.querySelector('[data-timer="start"]');
      start.textContent = running ? t("Pause") : mine ? t("Resume") : t("Start");
      start.setAttribute("aria-pressed", String(Boolean(running)));
      item.classList.toggle("running", Boolean(running));
    }
    const running = timer && timer.since !== null;
    if (running && !ticking) ticking = setInterval(renderTimers, 1000);
    if (!running && ticking) {
      clearInterval(ticking);
      ticking = null;
    }
    keepAwake(Boolean(running));
  }

  section.addEventListener("click", (event) => {
    const button = event.target.closest("[data-timer]");
    if (!button) return;
    const item = button.closest("[data-routine]");
    const id = item.dataset.routine;
    let timer = loadTimer();
    if (button.dataset.timer === "start") {
      if (!timer || timer.routine !== id) timer = { routine: id, elapsed: 0, since: Date.now() };
      else if (timer.since === null) timer.since = Date.now();
      else timer = { routine: id, elapsed: elapsed(timer), since: null };
      saveTimer(timer);
    } else {
      if (window.DaybookDone && !window.DaybookDone.mayRecordRoutine(id, item.dataset.name)) return;
      const mine = timer && timer.routine === id;
      const ms = mine ? elapsed(timer) : 0;
      const event = { type: "routine", routine: id };
      if (mine) event.minutes = Math.max(1, Math.round(ms / 60000));
      inbox.sendToServe([inbox.add(event)]);
      if (mine) saveTimer(null);
      section.querySelector(".routine-status").textContent = t("RoutineLogged", { name: item.dataset.name, minutes: event.minutes ?? "—" });
    }
    renderTimers();
  });
  document.addEventListener("visibilitychange", renderTimers);
  renderTimers();

  // Today's workout: sets in the notation of SPEC §5, checked line by line as they are typed.
  const workout = section.querySelector(".workout-form");
  if (workout) {
    const problems = workout.querySelector(".sets-check");
    const lines = () => workout.elements.sets.value.split("\n").map((line) => line.trim()).filter(Boolean);
    const check = () => {
      problems.textContent = "";
      let ok = true;
      workout.elements.sets.value.split("\n").forEach((line, index) => {
        if (!line.trim()) return;
        const failure = window.DaybookSets.checkLine(line, workout.dataset.unit);
        if (!failure) return;
        ok = false;
        const item = document.createElement("li");
        item.textContent = t("Line", { line: index + 1, column: failure.column }) + " " + failure.message + (failure.hint ? " (" + failure.hint + ")" : "");
        problems.append(item);
      });
      workout.elements.sets.setAttribute("aria-invalid", String(!ok));
      return ok;
    };
    workout.elements.sets.addEventListener("input", check);
    workout.addEventListener("submit", (event) => {
      event.preventDefault();
      if (!check()) return;
      if (window.DaybookDone && !window.DaybookDone.mayRecordWorkout()) return;
      const sets = lines().map((line) => line.replace(/^[-*+][ \t]+/, ""));
      const fields = { type: "workout", split: workout.elements.split.value.trim() };
      if (!fields.split) delete fields.split;
      fields.sets = sets;
      inbox.sendToServe([inbox.add(fields)]);
      workout.querySelector(".workout-status").textContent = t("WorkoutLogged", { n: sets.length });
      workout.elements.sets.value = "";
    });
  }

  // A short diary entry.
  const entry = section.querySelector(".entry-form");
  if (entry) {
    entry.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = entry.elements.text.value.trim();
      if (!text) return entry.elements.text.focus();
      const fields = { type: "entry" };
      if (entry.elements.title.value.trim()) fields.title = entry.elements.title.value.trim();
      fields.text = text;
      inbox.sendToServe([inbox.add(fields)]);
      entry.reset();
      entry.querySelector(".entry-status").textContent = t("EntryKept");
    });
  }
})();

// On this day by the phone's clock, as the plan above: the page carries the
// coming days, each hidden but the build's own.
(function onThisDayByClock() {
  const days = Array.from(document.querySelectorAll("[data-lookback-day]"));
  if (!days.length || !window.DaybookInbox) return;
  const today = window.DaybookInbox.day();
  const shown = days.find((block) => block.dataset.lookbackDay === today);
  if (shown) for (const block of days) block.hidden = block !== shown;
})();
