// Daybook: JavaScript only adds to pages that work without it.
"use strict";

// Offline on a phone (docs/phone.md): the site's service worker, beside the
// manifest at the site's root, so that it works under a sub-path too.
// Browsers allow one over HTTPS and on this computer only, never from disk;
// `daybook serve` (window.daybookServe) rebuilds as it goes and needs none.
(function registerServiceWorker() {
  const manifest = document.querySelector('link[rel="manifest"]');
  if (!manifest || !("serviceWorker" in navigator) || !window.isSecureContext || window.daybookServe) return;
  if (!/^https?:$/.test(location.protocol)) return;
  navigator.serviceWorker.register(new URL("sw.js", manifest.href), { scope: new URL("./", manifest.href).pathname }).catch(() => {});
})();

// Search over the sharded index of Sources/DaybookSite/Search: the manifest
// (search/index.js) is on the page; term shards (runs of sorted keys) and
// chunks of documents are scripts loaded as a query needs them (fetch() is
// refused from disk). How text becomes keys must agree with SearchText.swift.
(function search() {
  const form = document.querySelector(".search-form");
  const manifest = window.DAYBOOK_SEARCH;
  if (!form || !manifest) return;
  form.hidden = false;
  const input = form.elements.q;
  const kindFilter = form.elements.kind;
  const yearFilter = form.elements.year;
  const list = document.querySelector(".search-results");
  const status = document.querySelector(".search-status");
  const more = document.querySelector(".search-more");
  // The way back to the site's root; a theme's older layout put it on <body>.
  const root = form.dataset.root ?? document.body.dataset.root ?? "";
  const pageSize = 10;
  const kindLabels = new Map(Array.from(kindFilter.options, (option) => [option.value, option.textContent]));
  form.addEventListener("submit", (event) => event.preventDefault());

  // Each file calls DaybookSearch.terms or .docs when it has loaded.
  const files = { terms: new Map(), docs: new Map() };
  const waiting = { terms: new Map(), docs: new Map() };
  window.DaybookSearch = {
    terms: (number, data) => waiting.terms.get(number)?.(parseTerms(data)),
    docs: (number, rows, texts) => waiting.docs.get(number)?.(withTexts(rows, texts)),
  };
  // A chunk's texts come deflated, in Z85 (SearchIndex.chunkScript). A
  // browser without DecompressionStream shows its results without snippets.
  async function withTexts(rows, texts) {
    let list = [];
    try {
      if (typeof texts !== "string") list = texts;
      else {
        const bytes = fromZ85(texts);
        const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
        list = JSON.parse(await new Response(stream).text());
      }
    } catch { list = []; }
    return rows.map((row, index) => [row, list[index] ?? null]);
  }
  // Five characters → four bytes; a last group of n + 1 characters → n bytes (Z85.swift).
  const z85 = new Uint8Array(128);
  Array.from("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#", (digit, index) => { z85[digit.charCodeAt(0)] = index; });
  function fromZ85(text) {
    const bytes = new Uint8Array(Math.floor(text.length / 5) * 4 + Math.max(0, text.length % 5 - 1));
    let at = 0;
    for (let index = 0; index < text.length; index += 5) {
      let value = 0;
      for (let offset = index; offset < index + 5; offset++) value = value * 85 + (offset < text.length ? z85[text.charCodeAt(offset)] : 84);
      for (let shift = 24; shift >= 0 && at < bytes.length; shift -= 8) bytes[at++] = Math.floor(value / 2 ** shift) % 256;
    }
    return bytes;
  }
  // A file that does not load (offline, and not kept on the phone) is null,
  // and asked for again by the next search.
  function load(folder, number) {
    if (!files[folder].has(number)) {
      files[folder].set(number, new Promise((resolve) => {
        waiting[folder].set(number, resolve);
        const script = document.createElement("script");
        script.src = root + "search/" + folder + "/" + number + ".js";
        script.onerror = () => { files[folder].delete(number); script.remove(); resolve(null); };
        document.head.append(script);
      }));
    }
    return files[folder].get(number);
  }

  // "key,title,body key,title,body …" → key → [title, body], decoded when read.
  function parseTerms(data) {
    const keys = new Map();
    for (const entry of data ? data.split(" ") : []) {
      const [key, title, body] = entry.split(",");
      keys.set(key, [title, body]);
    }
    return keys;
  }
  // Character code → digit: 0–31 ends a number, 32–63 is a digit before its last;
  // after "~", each digit is six documents' bits (PostingCode in SearchIndex.swift).
  const digits = new Int8Array(128).fill(-1);
  Array.from("ABCDEFGHIJKLMNOPQRSTUVWXYZ012345abcdefghijklmnopqrstuvwxyz6789+/", (digit, index) => { digits[digit.charCodeAt(0)] = index; });
  function decode(text) {
    const numbers = [];
    if (text.startsWith("~")) {
      for (let index = 1; index < text.length; index++) {
        const bits = digits[text.charCodeAt(index)];
        for (let bit = 0; bit < 6; bit++) if (bits & (1 << bit)) numbers.push((index - 1) * 6 + bit);
      }
      return numbers;
    }
    let previous = -1, value = 0;
    for (let index = 0; index < text.length; index++) {
      const digit = digits[text.charCodeAt(index)];
      if (digit >= 32) { value = value * 32 + digit - 32; continue; }
      previous += value * 32 + digit + 1;
      numbers.push(previous);
      value = 0;
    }
    return numbers;
  }

  const fold = (text) => text.normalize("NFKC").toLowerCase();
  const wordCharacter = /[\p{L}\p{M}\p{N}]/u;
  function isPaired(c) {
    return (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) || (c >= 0xA960 && c <= 0xA97F) || (c >= 0xAC00 && c <= 0xD7FF)
      || (c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF)
      || c === 0x3005 || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF)
      || (c >= 0x20000 && c <= 0x3FFFF);
  }
  // A Hangul letter typed but not yet joined into a syllable.
  const isJamo = (c) => (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3130 && c <= 0x318F) || (c >= 0xA960 && c <= 0xA97F) || (c >= 0xD7B0 && c <= 0xD7FF);
  function runs(folded) {
    const found = [];
    let current = [], paired = false;
    for (const character of folded) {
      const code = character.codePointAt(0);
      if (!wordCharacter.test(character)) {
        if (current.length) found.push({ characters: current, paired });
        current = [];
        continue;
      }
      if (current.length && isPaired(code) !== paired) { found.push({ characters: current, paired }); current = []; }
      paired = isPaired(code);
      current.push(character);
    }
    if (current.length) found.push({ characters: current, paired });
    return found;
  }
  // Words are cut at 32 bytes of UTF-8, between characters (SearchKey.capacity).
  function cut(characters) {
    let bytes = 0, count = 0;
    for (const character of characters) {
      const code = character.codePointAt(0);
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (bytes > 32) break;
      count++;
    }
    return characters.slice(0, count);
  }

  // A query's terms: words (matched by prefix from two letters on), and runs
  // of paired scripts (matched by their pairs; from three characters on the
  // pairs may be apart, so a shown result is checked against its text).
  function terms(query) {
    const found = [];
    for (const run of runs(fold(query))) {
      let characters = run.characters;
      if (run.paired) {
        while (characters.length && isJamo(characters[characters.length - 1].codePointAt(0))) characters = characters.slice(0, -1);
        if (!characters.length) continue;
      } else {
        characters = cut(characters);
      }
      found.push({ text: characters.join(""), characters, paired: run.paired, checked: run.paired && characters.length > 2 });
    }
    return found;
  }

  // An index: its manifest (each term shard's first key, the parts) and
  // load(folder, number), which gives a term shard or a chunk of documents.
  // The public one's files are scripts; the private one (sealed.js, once
  // unlocked) is one decrypted document.
  function searchIndex(manifest, load) {
    const self = {};
    // The shard a key is in, or would be: the last whose first key is not after it
    // (keys are sorted as strings compare here, SearchIndex.shards).
    function shardAt(key) {
      const firsts = manifest.terms;
      let low = 0, high = firsts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (firsts[middle] <= key) low = middle; else high = middle - 1;
      }
      return low;
    }

    // A key's documents: [title, body], or null when its shard did not load.
    async function lookUp(key) {
      const keys = await load("terms", shardAt(key));
      return keys && (keys.get(key) || ["", ""]);
    }
    // A prefix's documents: its own entry (`co*`) if it begins many keys, else those of every key it begins.
    async function lookUpPrefix(prefix) {
      const own = await load("terms", shardAt(prefix + "*"));
      if (!own) return null;
      if (own.has(prefix + "*")) return [own.get(prefix + "*")];
      const numbers = [];
      for (let number = shardAt(prefix); number <= shardAt(prefix + "\uffff"); number++) numbers.push(number);
      const shards = await Promise.all(numbers.map((number) => load("terms", number)));
      if (shards.includes(null)) return null;
      const found = [];
      for (const keys of shards) for (const [key, postings] of keys) if (key.startsWith(prefix) && !key.endsWith("*")) found.push(postings);
      return found;
    }

    // Document number → whether the term is in its title; null when part of the index did not load.
    async function matches(term) {
      const found = new Map();
      const add = ([title, body]) => {
        for (const id of decode(title)) found.set(id, true);
        for (const id of decode(body)) if (!found.has(id)) found.set(id, false);
      };
      const prefix = term.paired ? term.characters.length === 1 : term.characters.length > 1;
      if (prefix) {
        const all = await lookUpPrefix(term.text);
        if (!all) return null;
        all.forEach(add);
        return found;
      }
      if (!term.paired) {
        const postings = await lookUp(term.text);
        if (!postings) return null;
        add(postings);
        return found;
      }
      const pairs = term.characters.slice(1).map((character, index) => term.characters[index] + character);
      const looked = await Promise.all(pairs.map(lookUp));
      if (looked.includes(null)) return null;
      pairs.forEach((pair, index) => {
        const postings = looked[index];
        const here = new Map();
        for (const id of decode(postings[0])) here.set(id, true);
        for (const id of decode(postings[1])) here.set(id, false);
        if (index === 0) { for (const [id, title] of here) found.set(id, title); return; }
        for (const [id, title] of found) {
          if (!here.has(id)) found.delete(id);
          else found.set(id, title && here.get(id));
        }
      });
      return found;
    }

    function partOf(id) { return manifest.parts.find((part) => id >= part.start && id < part.start + part.count); }
    // The month of a document: the last month of its part that begins at or before it.
    function monthOf(part, id) {
      const months = part.months;
      let low = 0, high = months.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (months[middle][1] <= id) low = middle; else high = middle - 1;
      }
      return months[low][0];
    }
    // A document's title, address, date, tags and text; null when its chunk did not load.
    async function documentOf(id) {
      const part = partOf(id);
      const offset = id - part.start;
      const rows = await load("docs", part.chunk + Math.floor(offset / part.per));
      if (!rows) return null;
      const [[title, url, date, ...tags], text] = rows[offset % part.per] || [["", "", ""], null];
      return { title, url, date, text, tags, kind: part.kind };
    }

    // The matches of every term, ranked as a whole by rank().
    async function hits(query) {
      const found = await Promise.all(query.map(matches));
      if (found.includes(null)) return null;
      const kind = kindFilter.value, year = Number(yearFilter.value);
      const hits = [];
      for (const [id, inTitle] of found[0] || []) {
        let score = inTitle ? 1 : 0, all = true;
        for (let index = 1; index < found.length && all; index++) {
          const other = found[index].get(id);
          if (other === undefined) all = false;
          else if (other) score++;
        }
        if (!all) continue;
        const part = partOf(id);
        const month = monthOf(part, id);
        if (kind && part.kind !== kind) continue;
        if (year && Math.floor(month / 100) !== year) continue;
        hits.push({ index: self, id, score, month, order: kindOrder(part.kind) });
      }
      return hits;
    }

    self.hits = hits;
    self.documentOf = documentOf;
    return self;
  }
  const indexes = [searchIndex(manifest, load)];
  // Kinds in the filter's order (the public index's), any other after them.
  const kindOrder = (kind) => { const at = [...kindLabels.keys()].indexOf(kind); return at < 0 ? kindLabels.size : at; };

  // The private search index (sealed/search.bin, docs/privacy.md): its files are in it.
  function addSealed(data) {
    if (indexes.length > 1 || !data || !data.manifest) return;
    indexes.push(searchIndex(data.manifest, (folder, number) => {
      if (folder === "terms") return Promise.resolve(parseTerms(data.shards[number]));
      const [rows, texts] = data.docs[number] || [[], []];
      return withTexts(rows, texts);
    }));
    // Its years too in the year filter.
    const years = new Set(Array.from(yearFilter.options, (option) => option.value));
    for (const part of data.manifest.parts) {
      for (const [month] of part.months) {
        const year = String(Math.floor(month / 100));
        if (month && !years.has(year)) { years.add(year); yearFilter.append(new Option(year, year)); }
      }
    }
    const sorted = Array.from(yearFilter.options).slice(1).sort((a, b) => Number(b.value) - Number(a.value));
    yearFilter.append(...sorted);
    if (input.value) run();
  }
  window.DaybookSearch.sealed = addSealed;

  // Ranked over every index: more terms in the title first, then newest first.
  async function rank(query) {
    const found = await Promise.all(indexes.map((index) => index.hits(query)));
    if (found.includes(null)) return null;
    const hits = found.flat();
    hits.sort((a, b) => b.score - a.score || b.month - a.month || a.order - b.order
      || indexes.indexOf(a.index) - indexes.indexOf(b.index) || a.id - b.id);
    return hits;
  }

  // Where the terms are in a text: [start, end] pairs in its own indexes.
  function ranges(text, query) {
    let folded = fold(text);
    // Folding mostly keeps every character in its place; where it does not, fold one at a time.
    const at = folded.length === text.length ? null : [];
    if (at) folded = "";
    for (let index = 0; at && index < text.length;) {
      const character = String.fromCodePoint(text.codePointAt(index));
      const piece = fold(character);
      for (let k = 0; k < piece.length; k++) at.push(index);
      folded += piece;
      index += character.length;
    }
    if (at) at.push(text.length);
    const found = [];
    for (const term of query) {
      for (let from = folded.indexOf(term.text); from >= 0; from = folded.indexOf(term.text, from + 1)) {
        const before = folded.codePointAt(from - 1);
        if (!term.paired && from > 0 && wordCharacter.test(String.fromCodePoint(before)) && !isPaired(before)) continue;
        const to = from + term.text.length;
        found.push(at ? [at[from], at[to]] : [from, to]);
      }
    }
    found.sort((a, b) => a[0] - b[0]);
    return found;
  }
  function marked(text, found, start, end) {
    const fragment = document.createDocumentFragment();
    let at = start;
    for (const [from, to] of found) {
      if (to <= at || from >= end) continue;
      fragment.append(text.slice(at, Math.max(at, from)));
      const mark = document.createElement("mark");
      mark.textContent = text.slice(Math.max(at, from), Math.min(to, end));
      fragment.append(mark);
      at = Math.min(to, end);
    }
    fragment.append(text.slice(at, end));
    return fragment;
  }
  function snippet(text, found) {
    const first = found.length ? found[0][0] : 0;
    let start = Math.max(0, first - 60);
    if (start > 0 && text.charCodeAt(start) >= 0xDC00 && text.charCodeAt(start) <= 0xDFFF) start--;
    let end = Math.min(text.length, start + 180);
    if (end < text.length && text.charCodeAt(end) >= 0xDC00 && text.charCodeAt(end) <= 0xDFFF) end++;
    const fragment = marked(text, found, start, end);
    if (start > 0) fragment.prepend("…");
    if (end < text.length) fragment.append("…");
    return fragment;
  }

  function item(doc, query) {
    const entry = document.createElement("li");
    const link = document.createElement("a");
    link.href = root + doc.url;
    link.append(marked(doc.title, ranges(doc.title, query), 0, doc.title.length));
    const about = document.createElement("span");
    about.className = "kind";
    about.textContent = " " + [doc.date, kindLabels.get(doc.kind) || doc.kind, ...doc.tags].filter(Boolean).join(" · ");
    entry.append(link, about);
    if (doc.text !== null) {
      const text = document.createElement("p");
      text.append(snippet(doc.text, ranges(doc.text, query)));
      entry.append(text);
    }
    return entry;
  }
  // Without its text (see withTexts) a result cannot be checked, and is shown.
  function isMatch(doc, query) {
    if (doc.text === null) return true;
    const folded = fold([doc.title, ...doc.tags, doc.text].join(" "));
    return query.every((term) => !term.checked || folded.includes(term.text));
  }

  let current = null;
  // Shows the next page of a search's results, skipping those a check rules
  // out and, offline, those whose documents the phone did not keep (after a
  // page's worth of those it stops trying).
  async function showMore(search) {
    let shown = 0, missing = 0;
    while (shown < pageSize && missing < pageSize && search.next < search.hits.length) {
      const batch = search.hits.slice(search.next, search.next + pageSize - shown);
      search.next += batch.length;
      const docs = await Promise.all(batch.map((hit) => hit.index.documentOf(hit.id)));
      if (search !== current) return;
      for (const doc of docs) {
        if (!doc) { missing++; continue; }
        if (!isMatch(doc, search.query)) { search.ruledOut++; continue; }
        list.append(item(doc, search.query));
        shown++;
      }
    }
    search.missing += missing;
    const left = search.hits.length - search.ruledOut;
    const exact = search.next === search.hits.length || !search.query.some((term) => term.checked);
    status.textContent = left ? (exact ? form.dataset.results : form.dataset.upto).replace("{n}", left) : form.dataset.none;
    if (search.missing) status.textContent += " " + form.dataset.offline.replace("{n}", search.missing);
    more.hidden = search.next >= search.hits.length;
    list.dataset.query = search.text;
  }

  async function run() {
    const query = terms(input.value);
    const search = { text: input.value, query, hits: [], next: 0, ruledOut: 0, missing: 0 };
    current = search;
    if (!query.length) { list.textContent = ""; status.textContent = ""; more.hidden = true; list.dataset.query = search.text; return; }
    const hits = await rank(query);
    if (search !== current) return;
    list.textContent = "";
    if (!hits) {
      // Offline, and part of the index is not on the phone.
      status.textContent = form.dataset.offlineIndex;
      more.hidden = true;
      list.dataset.query = search.text;
      return;
    }
    search.hits = hits;
    await showMore(search);
  }

  input.addEventListener("input", run);
  kindFilter.addEventListener("change", run);
  yearFilter.addEventListener("change", run);
  more.addEventListener("click", () => showMore(current));
  const params = new URLSearchParams(location.search);
  kindFilter.value = params.get("kind") || "";
  yearFilter.value = params.get("year") || "";
  if (params.get("q")) { input.value = params.get("q"); run(); }
  addSealed(window.daybookSealedSearch);
})();

// A link's preview (docs/writing.md): the title and first lines of the page a link
// leads to, in a small box on hover, on keyboard focus and on a long press.
// The page carries them (<template class="link-preview">, one per page it
// links to), so nothing is fetched and it works from disk. Escape closes it.
(function linkPreviews() {
  const templates = document.querySelectorAll("template.link-preview");
  if (!templates.length) return;
  // A page's address without `index.html`, as either way of writing a link reaches it; a word's keeps its fragment.
  const key = (href, withFragment) => {
    const url = new URL(href, location.href);
    const hash = withFragment ? url.hash : "";
    url.hash = "";
    url.search = "";
    return url.href.replace(/index\.html$/, "") + hash;
  };
  const byPage = new Map(Array.from(templates, (template) => [key(template.dataset.href, true), template]));
  const box = document.createElement("div");
  box.className = "link-popover";
  box.id = "link-popover";
  box.setAttribute("role", "tooltip");
  box.hidden = true;
  document.body.append(box);
  let shownFor = null;
  let pressTimer = 0;
  let pressed = null;
  let leaveTimer = 0;
  box.addEventListener("mouseenter", () => clearTimeout(leaveTimer));
  box.addEventListener("mouseleave", hide);

  function show(link, template) {
    if (shownFor === link) return;
    box.replaceChildren(template.content.cloneNode(true));
    box.hidden = false;
    const place = link.getBoundingClientRect();
    const left = Math.max(8, Math.min(place.left, document.documentElement.clientWidth - box.offsetWidth - 8));
    box.style.left = `${left + window.scrollX}px`;
    box.style.top = `${place.bottom + window.scrollY + 6}px`;
    link.setAttribute("aria-describedby", box.id);
    shownFor = link;
  }

  function hide() {
    if (!shownFor) return;
    shownFor.removeAttribute("aria-describedby");
    shownFor = null;
    box.hidden = true;
  }

  for (const link of document.querySelectorAll(".entry-body a[href]")) {
    const href = link.getAttribute("href");
    const template = byPage.get(key(href, true)) ?? byPage.get(key(href, false));
    if (!template) continue;
    link.addEventListener("mouseenter", () => { clearTimeout(leaveTimer); show(link, template); });
    // The pointer may move onto the preview without closing it (WCAG 1.4.13).
    link.addEventListener("mouseleave", () => { leaveTimer = setTimeout(hide, 300); });
    link.addEventListener("focus", () => show(link, template));
    link.addEventListener("blur", hide);
    // A long press shows the preview; the tap that ends it does not follow the link.
    link.addEventListener("touchstart", () => {
      clearTimeout(pressTimer);
      pressTimer = setTimeout(() => { pressed = link; show(link, template); }, 500);
    }, { passive: true });
    const cancel = () => clearTimeout(pressTimer);
    link.addEventListener("touchmove", cancel, { passive: true });
    link.addEventListener("touchend", cancel);
    link.addEventListener("click", (event) => {
      if (pressed !== link) return;
      pressed = null;
      event.preventDefault();
    });
    link.addEventListener("contextmenu", (event) => { if (pressed === link) event.preventDefault(); });
  }
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") hide(); });
  // A tap elsewhere closes a preview a long press opened.
  document.addEventListener("touchstart", (event) => {
    if (shownFor && !shownFor.contains(event.target)) { pressed = null; hide(); }
  }, { passive: true });
})();

// Math ($…$, $$…$$, ```math): the page holds its TeX as text, which is what
// a reader without JavaScript sees; KaTeX (assets/katex/, copied from
// Debian's libjs-katex by the build) is loaded only by a page that has some,
// and draws it in place, with MathML for screen readers. The unlock page
// draws an entry it has opened with it too (sealed.js: daybookDrawMath).
window.daybookDrawMath = (function () {
  const script = document.currentScript || document.querySelector('script[src$="daybook.js"]');
  let loaded = null;
  function load() {
    if (loaded) return loaded;
    const folder = new URL("katex/", script.src);
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = new URL("katex.min.css", folder).href;
    document.head.append(style);
    loaded = new Promise((resolve, reject) => {
      const katexScript = document.createElement("script");
      katexScript.src = new URL("katex.min.js", folder).href;
      katexScript.onload = resolve;
      // Not published (no public page has math): the TeX stays as written.
      katexScript.onerror = reject;
      document.head.append(katexScript);
    });
    return loaded;
  }
  function draw(root) {
    const maths = root.querySelectorAll(".math:not(.math-drawn)");
    if (!maths.length || !script) return;
    load().then(() => {
      for (const element of maths) {
        try {
          window.katex.render(element.textContent, element, { displayMode: element.classList.contains("math-display"), throwOnError: false });
          element.classList.add("math-drawn");
        } catch (error) {
          // TeX KaTeX cannot read stays as written.
        }
      }
    }, () => {});
  }
  draw(document);
  return draw;
})();
