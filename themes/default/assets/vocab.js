// Daybook deck page: sorting, filters and search over a word list that is
// complete without JavaScript.
"use strict";

(function wordList() {
  const form = document.querySelector(".word-tools");
  const list = document.querySelector(".word-list");
  if (!form || !list) return;
  const empty = document.querySelector(".no-match");
  const collator = new Intl.Collator(list.dataset.lang || undefined, { sensitivity: "base", numeric: true });
  const words = Array.from(list.children).map((item) => ({
    item,
    added: item.dataset.added,
    order: Number(item.dataset.order),
    mastered: item.dataset.mastered === "1",
    missed: Number(item.dataset.missed) > 0,
    text: item.querySelector(".word-text").textContent.trim(),
    hay: item.textContent.toLowerCase().normalize("NFKC"),
  }));

  const sorts = {
    newest: (a, b) => b.added.localeCompare(a.added) || a.order - b.order,
    oldest: (a, b) => a.added.localeCompare(b.added) || a.order - b.order,
    alpha: (a, b) => collator.compare(a.text, b.text) || a.order - b.order,
  };
  const filters = {
    all: () => true,
    learning: (w) => !w.mastered,
    mastered: (w) => w.mastered,
    missed: (w) => w.missed,
  };

  function apply() {
    const terms = form.elements.q.value.trim().toLowerCase().normalize("NFKC").split(/\s+/).filter(Boolean);
    const keep = filters[form.elements.filter.value] || filters.all;
    const sorted = words.slice().sort(sorts[form.elements.sort.value] || sorts.newest);
    let shown = 0;
    for (const word of sorted) {
      word.item.hidden = !(keep(word) && terms.every((term) => word.hay.includes(term)));
      if (!word.item.hidden) shown += 1;
    }
    list.append(...sorted.map((word) => word.item));
    form.querySelector(".word-count").textContent =
      form.dataset.count.replace("{n}", shown).replace("{total}", words.length);
    if (empty) empty.hidden = shown > 0;
  }

  form.addEventListener("submit", (event) => event.preventDefault());
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  const query = new URLSearchParams(location.search).get("q");
  if (query) form.elements.q.value = query;
  form.hidden = false;
  apply();
})();
