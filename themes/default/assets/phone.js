// Daybook on a phone (docs/phone.md): what is recorded here — test answers,
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
   * the queue by themselves, without asking (docs/phone.md). The routines and
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

// A day in words, by a theme's date pattern ("{weekdayShort} {day} {monthName}")
// and its names ({months, weekdays, weekdaysShort}), as the build writes dates.
window.DaybookDates = {
  text(pattern, dayISO, names) {
    const [year, month, day] = dayISO.split("-").map(Number);
    const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
    const parts = {
      year, month, day, month2: String(month).padStart(2, "0"), day2: String(day).padStart(2, "0"),
      monthName: names.months[month - 1], weekday: (names.weekdays || [])[weekday], weekdayShort: (names.weekdaysShort || [])[weekday],
    };
    return pattern.replace(/\{(year|month2|day2|monthName|month|day|weekdayShort|weekday)\}/g, (whole, name) => String(parts[name]));
  },
  /** A count in a theme's pattern, its form for one where the theme has it: count(["{n} cards", "1 card"], 1). */
  count([many, one], n) {
    return (n === 1 && one ? one : many).split("{n}").join(String(n));
  },
};

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

// The vocabulary plan of a day, worked out on the phone (docs/content.md, docs/phone.md): the
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

  /**
   * The tests from `from` on, in date order: [day, deck, missed words, recorded on this phone]; the phone's test
   * events merge per day and deck as `daybook inbox` does. A merged test comes before the phone's of the same day.
   */
  function tests(state, events) {
    const today = days(state.today);
    const list = state.tests.map(([day, deck, missed]) => [today + day, deck, missed, false]);
    const phone = new Map();
    for (const event of counted(state, events)) {
      const day = days(event.at.slice(0, 10));
      const key = day + "\n" + event.deck;
      if (!phone.has(key)) phone.set(key, [day, event.deck, [], true]);
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
    // A book the build made has a page; one begun by a miss only this phone recorded has none yet.
    const newBook = (start, built) => ({ start, review: 1, due: intervals.length ? start + lastStudy + intervals[0] : null, words: new Set(), built });
    for (const [start, review, due, ...words] of deck.books) {
      books.set(today + start, { start: today + start, review, due: due === null ? null : today + due, words: new Set(words), built: true });
      for (const word of words) bookOf.set(word, today + start);
    }
    const tested = [];
    const lastMiss = new Map();
    // The book a word left by a miss on `date`: its review that day still lists it.
    const left = new Map();
    for (const [day, deckID, missed, onPhone] of allTests) {
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
        if (!books.has(day)) books.set(day, newBook(day, !onPhone));
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
        if (book.words.size) studies.push({ start: book.start, built: book.built, study: date - book.start + 1, words: Array.from(book.words) });
        continue;
      }
      const review = reviewOn(book);
      const words = Array.from(book.words).concat(leftWords.get(book.start) || []);
      if (review && words.length) reviews.push({ start: book.start, built: book.built, review: review.number, late: review.late, words });
    }
    // Overdue first, the latest first.
    reviews.sort((a, b) => b.late - a.late || a.start - b.start);
    return { deck, studies, reviews };
  }

  const fill = (text, values) => text.replace(/\{([^}]*)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));

  const shortDate = (state, day) => window.DaybookDates.text(state.t.date_short, iso(day), state);
  /** A count in the state's pattern `key`, in its form for one where the theme has one. */
  const count = (state, key, n) => window.DaybookDates.count([state.t[key], state.t[key + "_one"]], n);

  /** A book this phone began opens on the deck's cards page, its words in the link (cards.js). */
  function phoneBook(deck, session) {
    const query = new URLSearchParams([["book", iso(session.start)]].concat(session.words.map((word) => ["w", word])));
    return deck.cards + "?" + query;
  }

  /** The plan's sections of `dayISO` as TodayPage.plan makes them: overdue reviews, study, reviews due; or nothing to do. */
  /**
   * Each deck's sessions of `dayISO` (overdue reviews, studies, reviews due), each with its book's title, its
   * stage, a count of its words and the link that opens it: what the plan and vocab/today/ list.
   */
  function sessions(state, dayISO, events) {
    const date = days(dayISO);
    const allTests = tests(state, events);
    const t = state.t;
    const label = (session) => {
      if (session.study) return fill(t.vocab_session_study, { n: session.study, of: state.study });
      const values = { n: session.review, of: state.intervals.length };
      if (!session.late) return fill(t.vocab_session_review, values);
      values.late = session.late === 1 ? t.vocab_late_day : fill(t.vocab_late_days, { n: session.late });
      return fill(t.vocab_session_overdue, values);
    };
    return state.decks.map((deck) => {
      const { studies, reviews } = deckSessions(state, deck, date, allTests);
      const dress = (session) => Object.assign(session, {
        title: fill(t.vocab_book_title, { date: shortDate(state, session.start) }), label: label(session),
        count: count(state, "vocab_word_count", session.words.length),
        href: session.built ? deck.href[0] + iso(session.start) + deck.href[1] : phoneBook(deck, session),
      });
      return { deck, studies: studies.map(dress), reviews: reviews.map(dress) };
    });
  }

  function sections(state, dayISO, events) {
    const t = state.t;
    const decks = sessions(state, dayISO, events);
    const items = (pick, cssClass, recorded) => decks.flatMap(({ deck, studies, reviews }) => pick(studies, reviews).map((session) => ({
      text: deck.title + " · " + session.title, detail: session.label + " · " + session.count, href: session.href,
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
    if (overdue.length) list.push({ title: count(state, "vocab_plan_overdue_count", sum(overdue)), cssClass: "vocab vocab-review vocab-overdue",
      items: overdue, moreHref: state.links.test, moreLabel: t.vocab_open_test });
    if (study.length) list.push({ title: count(state, "vocab_plan_study_count", sum(study)), cssClass: "vocab vocab-study",
      items: study, moreHref: state.links.today, moreLabel: t.vocab_open_today });
    if (due.length) list.push({ title: count(state, "vocab_plan_review_count", sum(due)), cssClass: "vocab vocab-review",
      items: due, moreHref: state.links.test, moreLabel: t.vocab_open_test });
    return list;
  }

  /** Whether the state carries `dayISO`: the build's day or one of the days after it. */
  const carries = (state, dayISO) => days(dayISO) >= days(state.today) && days(dayISO) < days(state.today) + state.days;

  /** The words studied or reviewed on `dayISO`, `deck\nword` → { study, context }: the cards of that day's test. */
  function words(state, dayISO, events) {
    const due = new Map();
    for (const { deck, studies, reviews } of sessions(state, dayISO, events)) {
      for (const session of reviews.concat(studies)) {
        for (const word of session.words) due.set(deck.id + "\n" + word, { study: Boolean(session.study), context: deck.title + " · " + session.label });
      }
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

  return { load, carries, counted, sessions, sections, render, words };
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
      section.querySelector(".routine-status").textContent = event.minutes === undefined
        ? t("RoutineLoggedPlain", { name: item.dataset.name }) : t("RoutineLogged", { name: item.dataset.name, minutes: event.minutes });
    }
    renderTimers();
  });
  document.addEventListener("visibilitychange", renderTimers);
  renderTimers();

  // Today's workout: sets in the set notation (docs/content.md), checked line by line as they are typed.
  const workout = section.querySelector(".workout-form");
  if (workout) {
    const ticked = setList(workout);
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
      const sets = ticked().concat(lines().map((line) => line.replace(/^[-*+][ \t]+/, "")));
      const fields = { type: "workout", split: workout.elements.split.value.trim() };
      if (!fields.split) delete fields.split;
      fields.sets = sets;
      inbox.sendToServe([inbox.add(fields)]);
      workout.querySelector(".workout-status").textContent = sets.length ? t("WorkoutLogged", { n: sets.length }) : t("WorkoutLoggedNone");
      workout.elements.sets.value = "";
      for (const box of workout.querySelectorAll(".set-done")) box.checked = false;
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

// The month of the home and workouts pages by the phone's clock: the box of today on the phone's
// day, and what this phone recorded and has not seen merged marked on its
// days, as the calendar of a build made after merging will mark them.
(function calendarByClock() {
  const grid = document.querySelector(".this-month .month-grid, .workout-month .month-grid");
  // The workouts page's month shows only workouts.
  const types = grid?.closest(".workout-month") ? ["workout"] : ["workout", "routine", "test", "entry"];
  const inbox = window.DaybookInbox;
  const month = grid && /(\d{4})\/(\d{2})\/(index\.html)?$/.exec(grid.querySelector("caption a")?.getAttribute("href") || "");
  if (!month || !inbox) return;
  const today = inbox.day();
  const recorder = document.querySelector(".recorder");
  const routineName = (id) => recorder?.querySelector(`[data-routine="${CSS.escape(id)}"]`)?.dataset.name || id;
  const state = window.DaybookPlan && window.DaybookPlan.load();
  const deckTitle = (id) => state?.decks.find((deck) => deck.id === id)?.title || id;
  const note = document.querySelector("[data-t-recorded]")?.dataset.tRecorded || "";
  const byDay = new Map();
  for (const event of inbox.events().filter((one) => types.includes(one.type))) {
    const day = inbox.dayOf(event);
    if (!byDay.has(day)) byDay.set(day, []);
    byDay.get(day).push(event);
  }
  for (const cell of grid.querySelectorAll("td.day")) {
    const day = month[1] + "-" + month[2] + "-" + cell.querySelector(".day-number").textContent.trim().padStart(2, "0");
    cell.classList.toggle("today", day === today);
    cell.classList.toggle("past", day < today);
    const marks = [];
    const tested = new Set();
    for (const event of byDay.get(day) || []) {
      const mark = document.createElement("li");
      mark.title = note;
      if (event.type === "workout") {
        mark.className = "workout stamp recorded";
        mark.textContent = event.split || "✓";
      } else if (event.type === "routine") {
        mark.className = "dot done recorded";
        mark.textContent = routineName(event.routine);
      } else if (event.type === "test" && !tested.has(event.deck)) {
        tested.add(event.deck);
        mark.className = "vocab review recorded";
        mark.textContent = deckTitle(event.deck);
      } else if (event.type === "entry") {
        mark.className = "entry no-icon recorded";
        mark.textContent = event.title || event.text.slice(0, 20);
      } else continue;
      const text = document.createElement("span");
      text.className = "mark-text";
      text.append(...mark.childNodes);
      mark.append(text);
      marks.push(mark);
    }
    if (!marks.length) continue;
    let list = cell.querySelector(".marks");
    if (!list) {
      list = document.createElement("ul");
      list.className = "marks";
      cell.append(list);
    }
    list.append(...marks);
    cell.classList.add("has-marks");
  }
})();

// vocab/today/ by the phone's clock: the page lists the build's day; on
// another day the phone carries (or once it holds a test of an earlier day)
// it lists the day's books as the home page's plan works them out, with
// each word as the page wrote it (today's words and the coming days').
(function todayWordsByClock() {
  const list = document.querySelector(".today-decks");
  const state = list && window.DaybookPlan.load();
  if (!state) return;
  const inbox = window.DaybookInbox;
  const today = inbox.day();
  const before = inbox.events().filter((event) => inbox.dayOf(event) < today);
  const tested = window.DaybookPlan.counted(state, before).length > 0;
  if (!window.DaybookPlan.carries(state, today) || (today === state.today && !tested)) return;
  const t = state.t;
  const words = new Map();
  for (const item of document.querySelectorAll(".compact-words li[data-word]")) {
    words.set(item.dataset.deck + "\n" + item.dataset.word, item);
  }
  const element = (tag, className, text) => {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text !== undefined) made.textContent = text;
    return made;
  };
  const link = (href, text) => Object.assign(element("a", "", text), { href });
  const title = document.querySelector("h1 time");
  title.dateTime = today;
  title.textContent = window.DaybookDates.text(t.date_long, today, state);
  const count = (key, n) => window.DaybookDates.count([t[key], t[key + "_one"]], n);
  const counts = (study, review) => (study || review
    ? [study ? count("vocab_today_study", study) : "", review ? count("vocab_today_review", review) : ""].filter(Boolean).join(" · ")
    : t.vocab_nothing_today);
  const sum = (sessions) => sessions.reduce((total, session) => total + session.words.length, 0);
  const decks = window.DaybookPlan.sessions(state, today, before).filter(({ studies, reviews }) => studies.length || reviews.length);
  // Decks with an overdue review first, as the build orders them.
  decks.sort((a, b) => Number(b.reviews.some((r) => r.late > 0)) - Number(a.reviews.some((r) => r.late > 0)));
  const sections = decks.map(({ deck, studies, reviews }) => {
    const section = element("section", "today-deck");
    const heading = element("h2");
    heading.append(link(deck.page, deck.title), " ", element("span", "count", counts(sum(studies), sum(reviews))));
    const actions = element("p", "vocab-actions");
    actions.append(link(deck.cards, t.vocab_cards), " · ", link(deck.cards + "#test", t.vocab_test));
    section.append(heading, actions);
    const order = reviews.filter((r) => r.late > 0).concat(studies, reviews.filter((r) => !r.late));
    for (const session of order) {
      const group = element("section", "today-session " + (session.study ? "session-study" : session.late ? "session-review session-overdue" : "session-review"));
      const h3 = element("h3");
      h3.append(link(session.href, session.title), " ", element("span", "session-label", session.label), " ", element("span", "count", session.count));
      const items = element("ul", "compact-words");
      for (const word of session.words) {
        const item = words.get(deck.id + "\n" + word);
        items.append(item ? item.cloneNode(true) : element("li", "", word));
      }
      group.append(h3, items);
      section.append(group);
    }
    return section;
  });
  document.querySelector(".today-counts").textContent = counts(
    decks.reduce((n, deck) => n + sum(deck.studies), 0), decks.reduce((n, deck) => n + sum(deck.reviews), 0));
  if (!sections.length) {
    const empty = element("p", "empty", t.vocab_nothing_today + " ");
    empty.append(link(state.links.all, t.vocab_all_decks));
    sections.push(empty);
  }
  list.replaceChildren(...sections);
})();

// The workouts page's "Today" by the phone's clock: the day's planned split
// (the build's coming days carry it) and the workout this phone recorded.
(function workoutTodayByClock() {
  const card = document.querySelector(".workout-today");
  if (!card || !window.DaybookInbox) return;
  const inbox = window.DaybookInbox;
  const today = inbox.day();
  const upcoming = Array.from(card.querySelectorAll(".upcoming li"));
  const shown = upcoming.find((item) => item.querySelector("time").dateTime === today);
  const built = card.querySelector(".detail time");
  const recorded = inbox.events().filter((event) => event.type === "workout" && inbox.dayOf(event) === today);
  if (!shown && !recorded.length) return;
  const make = (tag, className, text) => Object.assign(document.createElement(tag), { className, textContent: text });
  if (shown) {
    built.dateTime = today;
    built.textContent = shown.querySelector("time").textContent;
    for (const old of card.querySelectorAll(".split-today")) old.remove();
    for (const item of upcoming) if (item.querySelector("time").dateTime <= today) item.remove();
    if (!card.querySelector(".upcoming li")) card.querySelector(".upcoming")?.previousElementSibling?.remove();
    if (!card.querySelector(".upcoming li")) card.querySelector(".upcoming")?.remove();
  }
  const after = built.closest("p");
  if (recorded.length) {
    const list = make("ul", "split-today done", undefined);
    for (const event of recorded) {
      const item = make("li", "recorded", undefined);
      item.append(make("span", "check", "✓"), " " + (event.split || card.dataset.tDone) + " ",
        make("span", "detail", card.dataset.tDone + " · " + card.dataset.tRecorded));
      item.firstChild.setAttribute("aria-hidden", "true");
      list.append(item);
    }
    for (const old of card.querySelectorAll(".split-today")) old.remove();
    after.after(list);
  } else if (shown) {
    const planned = make("p", "split-today planned", undefined);
    planned.append(make("span", "split-name", shown.querySelector(".split-name").textContent), " ", make("span", "detail", card.dataset.tPlanned));
    after.after(planned);
  }
})();

// What the service worker keeps for use offline: the home page asks it to
// keep the diary's last days, this month and the search too (sw.js), then
// says in bytes what the phone holds, read from its cache, not an estimate.
(function offlineKept() {
  const note = document.querySelector(".offline-kept");
  const manifest = document.querySelector('link[rel="manifest"]');
  if (!note || !manifest || !window.caches || !navigator.serviceWorker || !window.isSecureContext) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data === "daybook-kept") say(note, manifest);
  });
  navigator.serviceWorker.ready.then((registration) => registration.active && registration.active.postMessage("daybook-keep-later"));
  if (navigator.serviceWorker.controller) say(note, manifest);
})();

async function say(note, manifest) {
  try {
    const prefix = "daybook:" + new URL("./", manifest.href).pathname + ":";
    let bytes = 0;
    for (const name of (await caches.keys()).filter((one) => one.startsWith(prefix))) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) bytes += (await (await cache.match(request)).blob()).size;
    }
    if (!bytes) return;
    const size = bytes >= 1e6 ? (bytes / 1e6).toFixed(1) + " MB" : Math.max(1, Math.round(bytes / 1e3)) + " KB";
    note.textContent = note.dataset.tKept.split("{size}").join(size);
    note.hidden = false;
  } catch (error) {
    // Storage refused: nothing is kept to speak of.
  }
}

// Today's workout as Strong and Hevy show it: the last session of the split
// in the form, its exercises and sets pre-filled, each set ticked as done or
// changed first with steppers a thumb can press, last time's numbers beside
// it. Returns what is ticked as lines in the set notation (docs/content.md)
// ("Bench press: 60kg x 8, 8, 6"), for the inbox's workout event.
function setList(workout) {
  const list = workout.querySelector(".set-list");
  let last = null;
  try {
    last = JSON.parse(workout.querySelector(".last-sessions")?.textContent || "null");
  } catch (error) {
    last = null;
  }
  if (!list || !last) return () => [];
  const t = (name, values = {}) => Object.entries(values).reduce((text, [key, value]) => text.split("{" + key + "}").join(String(value)),
    list.dataset["t" + name] || "");
  const unit = workout.dataset.unit;
  const step = { kg: 2.5, lb: 5 };
  const make = (tag, className, text) => Object.assign(document.createElement(tag), className ? { className } : {}, text === undefined ? {} : { textContent: text });
  const number = (value) => String(Math.round(Number(value) * 100) / 100);
  const setText = ([weight, setUnit, reps, seconds]) => (weight === null ? "" : number(weight) + " " + setUnit + " × ")
    + (reps === null ? seconds + "s" : reps);

  function stepper(className, value, by, label, name) {
    const box = make("span", "stepper");
    const input = Object.assign(make("input", className), { type: "number", min: "0", step: String(by), value, inputMode: by % 1 ? "decimal" : "numeric" });
    input.setAttribute("aria-label", label + " · " + name);
    const less = make("button", "step", "−");
    const more = make("button", "step", "+");
    for (const [button, sign, word] of [[less, -1, "Less"], [more, 1, "More"]]) {
      button.type = "button";
      button.dataset.step = String(sign * by);
      button.setAttribute("aria-label", t(word) + " · " + label);
    }
    box.append(less, input, more);
    return box;
  }

  function render() {
    const session = last[workout.elements.split.value.trim()];
    list.replaceChildren();
    list.hidden = !session;
    if (!session) return;
    list.append(make("p", "footnote", t("From", { date: session.date })));
    for (const [name, ...sets] of session.exercises) {
      const group = make("fieldset", "set-exercise");
      group.dataset.exercise = name;
      group.append(make("legend", "", name));
      sets.forEach(([weight, setUnit, reps, seconds], index) => {
        const row = make("div", "set-row");
        Object.assign(row.dataset, { unit: setUnit || "", seconds: seconds || "" });
        const done = Object.assign(make("input", "set-done"), { type: "checkbox" });
        done.setAttribute("aria-label", name + " · " + t("Done", { n: index + 1 }));
        const tick = make("label", "set-tick");
        tick.append(done, make("span", "set-number", String(index + 1)));
        row.append(tick);
        if (weight !== null) row.append(stepper("set-weight", number(weight), step[setUnit] || step[unit] || 1, t("Weight"), name), make("span", "unit", setUnit));
        if (reps !== null) row.append(stepper("set-reps", reps, 1, t("Reps"), name));
        else row.append(make("span", "set-time", seconds + "s"));
        row.append(make("span", "detail", t("Last", { set: setText([weight, setUnit, reps, seconds]) })));
        group.append(row);
      });
      list.append(group);
    }
  }

  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    const input = button.parentElement.querySelector("input");
    input.value = number(Math.max(0, Number(input.value || 0) + Number(button.dataset.step)));
  });
  list.addEventListener("change", (event) => {
    if (event.target.classList.contains("set-done")) event.target.closest(".set-row").classList.toggle("ticked", event.target.checked);
  });
  workout.elements.split.addEventListener("change", render);
  workout.elements.split.addEventListener("input", render);
  render();

  // Consecutive sets at one weight make one group: "60kg x 8, 8, 6"; other weights follow after "; ".
  return function ticked() {
    const lines = [];
    for (const group of list.querySelectorAll(".set-exercise")) {
      const groups = [];
      for (const row of group.querySelectorAll(".set-row")) {
        if (!row.querySelector(".set-done").checked) continue;
        const weightInput = row.querySelector(".set-weight");
        const weight = weightInput ? number(weightInput.value || 0) + row.dataset.unit : null;
        const item = row.querySelector(".set-reps") ? String(Math.round(Number(row.querySelector(".set-reps").value || 0))) : row.dataset.seconds + "s";
        const previous = groups[groups.length - 1];
        if (previous && previous.weight === weight) previous.items.push(item);
        else groups.push({ weight, items: [item] });
      }
      if (groups.length) {
        lines.push(group.dataset.exercise + ": " + groups.map((g) => (g.weight ? g.weight + " x " : "") + g.items.join(", ")).join("; "));
      }
    }
    return lines;
  };
}
