// Daybook: JavaScript only adds to pages that work without it.
"use strict";

(function search() {
  const form = document.querySelector(".search-form");
  if (!form || !window.DAYBOOK_SEARCH) return;
  const input = form.querySelector("input");
  const list = document.querySelector(".search-results");
  const status = document.querySelector(".search-status");
  const root = document.body.dataset.root || "";
  const records = window.DAYBOOK_SEARCH.map((r) => ({ ...r, hay: (r.title + " " + r.tags.join(" ") + " " + r.text).toLowerCase() }));
  form.addEventListener("submit", (event) => event.preventDefault());

  function snippet(text, term) {
    const at = text.toLowerCase().indexOf(term);
    if (at < 0) return text.slice(0, 140);
    const start = Math.max(0, at - 50);
    return (start > 0 ? "…" : "") + text.slice(start, at + 90);
  }

  function run() {
    const query = input.value.trim().toLowerCase();
    list.textContent = "";
    if (!query) { status.textContent = ""; return; }
    const terms = query.split(/\s+/);
    const hits = records.filter((r) => terms.every((t) => r.hay.includes(t)));
    hits.sort((a, b) => (b.date || "").localeCompare(a.date || ""));
    status.textContent = hits.length ? form.dataset.results.replace("{n}", hits.length) : form.dataset.none;
    for (const hit of hits.slice(0, 100)) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = root + hit.url;
      link.textContent = hit.title;
      const kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = " " + (hit.date || "") + " " + hit.kind;
      const text = document.createElement("p");
      text.textContent = snippet(hit.text, terms[0]);
      item.append(link, kind, text);
      list.append(item);
    }
  }

  input.addEventListener("input", run);
  const initial = new URLSearchParams(location.search).get("q");
  if (initial) { input.value = initial; run(); }
})();
