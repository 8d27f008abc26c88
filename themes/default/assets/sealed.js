// The encrypted part of the site (docs/privacy.md): the passphrase opens it
// in this browser only. WebCrypto derives the key (PBKDF2-HMAC-SHA256, the
// rounds and salt of the unlock page) as a non-extractable AES-GCM key, kept
// in IndexedDB until Lock or the period chosen; every file is
// nonce(12) ‖ ciphertext ‖ tag, its name (or "index", "check") authenticated with it.
(function () {
  "use strict";
  var STORE = "daybook-sealed", CACHE = "daybook-sealed";
  var unlockBox = document.querySelector(".sealed");
  var list = document.querySelector(".sealed-list");
  // The calendar's month (its own page, the home page's): each day's cell says its date (data-day).
  var marksBox = document.querySelector(".sealed-marks");
  // The search page: the private search index, merged with the public one by daybook.js.
  var searchBox = document.querySelector(".sealed-search");
  // The calendar's year (its heatmap: each day's cell says its date) and the year in review (data-year).
  var countsBox = document.querySelector(".sealed-counts");
  // An entry's or a page's what links here (data-page: its path).
  var linksBox = document.querySelector(".sealed-links-here");
  if (!(unlockBox || list || marksBox || searchBox || countsBox || linksBox) || !window.crypto || !crypto.subtle || !window.indexedDB) return;
  var status = document.querySelector(".unlock-status");
  function say(text) { if (status) status.textContent = text || ""; }
  function text(name) { return (unlockBox && unlockBox.dataset[name]) || ""; }

  function base64(text) { return Uint8Array.from(atob(text), function (c) { return c.charCodeAt(0); }); }
  function bytes(text) { return new TextEncoder().encode(text); }

  // IndexedDB: one record, the key and when it locks.
  function db() {
    return new Promise(function (resolve, reject) {
      var open = indexedDB.open(STORE, 1);
      open.onupgradeneeded = function () { open.result.createObjectStore("keys"); };
      open.onsuccess = function () { resolve(open.result); };
      open.onerror = function () { reject(open.error); };
    });
  }
  function store(mode, act) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var request = act(base.transaction("keys", mode).objectStore("keys"));
        // Closed once done, so that nothing holds the database open (a deletion would wait on it).
        request.onsuccess = function () { resolve(request.result); base.close(); };
        request.onerror = function () { reject(request.error); base.close(); };
      });
    });
  }
  function storedKey() {
    return store("readonly", function (s) { return s.get("key"); }).then(function (kept) {
      if (!kept) return null;
      if (Date.now() > kept.until) return lock().then(function () { return null; });
      return kept.key;
    });
  }
  function keep(key, seconds) {
    return store("readwrite", function (s) { return s.put({ key: key, until: Date.now() + seconds * 1000 }, "key"); });
  }
  function lock() { return store("readwrite", function (s) { return s.delete("key"); }); }

  // A file of the encrypted part: from the network, kept for offline; else the copy kept.
  function fetchFile(url) {
    var absolute = new URL(url, location.href).href;
    return fetch(absolute, { cache: "no-cache" }).then(function (response) {
      if (!response.ok) throw new Error("missing");
      if (window.caches) {
        var copy = response.clone();
        caches.open(CACHE).then(function (c) { return c.put(absolute, copy); });
      }
      return response.arrayBuffer();
    }).catch(function () {
      if (!window.caches) throw new Error("offline");
      return caches.match(absolute).then(function (kept) {
        if (!kept) throw new Error("offline");
        return kept.arrayBuffer();
      });
    });
  }
  function open(key, file, id) {
    var data = new Uint8Array(file);
    return crypto.subtle.decrypt({ name: "AES-GCM", iv: data.slice(0, 12), additionalData: bytes(id) }, key, data.slice(12))
      .then(function (plain) { return new TextDecoder().decode(plain); });
  }
  function openJSON(key, url, id) {
    return fetchFile(url).then(function (file) {
      return open(key, file, id).then(JSON.parse, function () { throw new Error("changed"); });
    });
  }

  function derive(passphrase) {
    return crypto.subtle.importKey("raw", bytes(passphrase.normalize("NFC")), "PBKDF2", false, ["deriveKey"]).then(function (base) {
      return crypto.subtle.deriveKey(
        { name: "PBKDF2", hash: "SHA-256", salt: base64(text("salt")), iterations: parseInt(text("iterations"), 10) },
        base, { name: "AES-GCM", length: 256 }, false, ["decrypt"]);
    });
  }

  function element(name, className, content) {
    var e = document.createElement(name);
    if (className) e.className = className;
    if (content) e.textContent = content;
    return e;
  }

  // An entry's day and time, or what kind of item it is.
  function when(item) {
    if (!item.date) return element("span", "kind", text(item.kind === "deck" ? "kindDeck" : "kindPage"));
    var time = element("time", "", item.date + (item.time ? " " + item.time : ""));
    time.setAttribute("datetime", item.date);
    return time;
  }

  // The index's items (the diary's front page: its entries), newest first, each a link to the unlock page that opens it.
  function showList(key) {
    var box = list || document.querySelector(".sealed-list");
    var root = box.dataset.index ? box : unlockBox;
    return openJSON(key, root.dataset.index, "index").then(function (index) {
      var ul = box.querySelector("ul");
      ul.textContent = "";
      index.items.forEach(function (item) {
        if (!unlockBox && item.kind !== "entry") return;
        var li = element("li", "entry-item");
        var a = element("a", "", item.title);
        a.href = root.dataset.unlock + "#" + item.id;
        li.append(when(item), " ", a);
        ul.append(li);
      });
      if (!index.items.length && text("none")) ul.append(element("li", "", text("none")));
      box.hidden = false;
      // Kept for reading offline once opened here, with their images.
      index.items.forEach(function (item) {
        [item.id].concat(item.photos || []).forEach(function (id) { fetchFile(root.dataset.sealed + id + ".bin").catch(function () {}); });
      });
      return index;
    });
  }

  // The entry the address names (#id), read from its file.
  function showEntry(key) {
    var article = document.querySelector(".sealed-entry");
    var id = location.hash.slice(1);
    if (!article) return Promise.resolve();
    article.textContent = "";
    article.hidden = true;
    if (!/^[0-9a-f]{32}$/.test(id)) return Promise.resolve();
    return openJSON(key, unlockBox.dataset.sealed + id + ".bin", id).then(function (item) {
      var h = element("h2", "", item.title);
      var tags = element("p", "tags", item.tags.map(function (t) { return "#" + t; }).join(" "));
      var body = element("div", "entry-body");
      // The entry's or page's own Markdown, made HTML by Daybook with raw HTML left out.
      if (item.html) body.innerHTML = item.html;
      showImages(key, body);
      // Its math, as daybook.js draws a page's.
      if (window.daybookDrawMath) window.daybookDrawMath(body);
      // A deck's words, each with its meanings.
      if (item.words) {
        var words = element("dl", "sealed-words");
        item.words.forEach(function (word) {
          words.append(element("dt", "", word.text), element("dd", "", word.meanings.join(", ")));
          word.examples.forEach(function (example) { words.append(element("dd", "example", example)); });
        });
        body.append(words);
      }
      article.append(h, when(item), tags, body);
      article.hidden = false;
      h.setAttribute("tabindex", "-1");
      h.focus();
    });
  }

  // Each image's own file (data-sealed names it), opened into an address of this page alone.
  function showImages(key, body) {
    body.querySelectorAll("img[data-sealed]").forEach(function (img) {
      var id = img.dataset.sealed;
      if (!/^[0-9a-f]{32}$/.test(id)) return;
      openJSON(key, unlockBox.dataset.sealed + id + ".bin", id).then(function (image) {
        img.addEventListener("load", function () { URL.revokeObjectURL(img.src); }, { once: true });
        img.src = URL.createObjectURL(new Blob([base64(image.data)], { type: image.type }));
      }).catch(failed);
    });
  }

  // Each private entry of a day the page shows: a mark on that day, linking to it on the unlock page.
  function showMarks(key) {
    return openJSON(key, marksBox.dataset.index, "index").then(function (index) {
      index.items.forEach(function (item) {
        if (item.kind !== "entry" || !/^\d{4}-\d{2}-\d{2}$/.test(item.date)) return;
        var day = document.querySelector('td[data-day="' + item.date + '"]');
        if (!day) return;
        var marks = day.querySelector("ul.marks");
        if (!marks) {
          marks = element("ul", "marks");
          day.append(marks);
          day.classList.add("has-marks");
        }
        var li = element("li", "mark entry no-icon sealed-mark"), a = element("a");
        a.href = marksBox.dataset.unlock + "#" + item.id;
        a.append(element("span", "mark-text", item.title));
        li.append(a);
        marks.append(li);
      });
      showLookback(index);
    });
  }

  // On this day (the home page): each carried day's private entries of earlier years, after its public ones.
  function showLookback(index) {
    var byId = {};
    index.items.forEach(function (item) { byId[item.id] = item; });
    (index.onThisDay || []).forEach(function (day) {
      var box = /^\d{4}-\d{2}-\d{2}$/.test(day.day) && document.querySelector('[data-lookback-day="' + day.day + '"]');
      if (!box) return;
      var ul = box.querySelector("ul.entry-list"), none = box.querySelector("p.empty");
      if (!ul) {
        ul = element("ul", "entry-list");
        box.insertBefore(ul, none);
      }
      if (none) none.remove();
      day.entries.forEach(function (entry) {
        var item = byId[entry.id];
        if (!item) return;
        var li = element("li", "entry-item sealed-lookback"), a = element("a", "", item.title);
        a.href = marksBox.dataset.unlock + "#" + item.id;
        li.append(element("span", "years-ago", entry.yearsAgo), " ", when(item), " ", a);
        ul.append(li);
      });
      box.closest(".on-this-day").hidden = false;
    });
  }

  // The private entries counted in: each on its day of the heatmap (its shade, its label, its month's count), and the
  // year's in the year in review's figures.
  function showCounts(key) {
    return openJSON(key, countsBox.dataset.index, "index").then(function (index) {
      var byDay = {};
      index.items.forEach(function (item) {
        if (item.kind === "entry" && /^\d{4}-\d{2}-\d{2}$/.test(item.date)) (byDay[item.date] = byDay[item.date] || []).push(item.title);
      });
      Object.keys(byDay).forEach(function (day) {
        var cell = document.querySelector('.heatmap td[data-day="' + day + '"]');
        if (!cell) return;
        var titles = byDay[day], level = /\bl(\d)\b/.exec(cell.className);
        var before = level ? parseInt(level[1], 10) : 0;
        // Level 0–4 is the day's marks, four or more alike (CalendarPages.level).
        cell.className = cell.className.replace(/\bl\d\b/, "l" + Math.min(before + titles.length, 4));
        var label = cell.title + (before ? ", " : ": ") + titles.join(", ");
        cell.title = label;
        var hidden = cell.querySelector(".visually-hidden");
        if (hidden) hidden.textContent = label;
        var count = cell.closest(".heat-month") && cell.closest(".heat-month").querySelector(".count");
        if (count) count.textContent = String(parseInt(count.textContent, 10) + titles.length);
      });
      var year = (index.years || []).filter(function (y) { return String(y.year) === countsBox.dataset.year; })[0];
      if (year) {
        ["entries", "words"].forEach(function (name) {
          var value = document.querySelector('[data-sealed-figure="' + name + '"] .figure-value');
          if (value) value.textContent = String(parseInt(value.textContent, 10) + year[name]);
        });
      }
    });
  }

  // The private items that link to this page, after the public ones (partials/links-here), each opening on the unlock page.
  function showLinksHere(key) {
    return openJSON(key, linksBox.dataset.index, "index").then(function (index) {
      var here = (index.linksHere || []).filter(function (page) { return page.page === linksBox.dataset.page; })[0];
      if (!here) return;
      var byId = {};
      index.items.forEach(function (item) { byId[item.id] = item; });
      var section = document.querySelector("section.linked-from");
      if (!section) {
        section = element("section", "linked-from");
        section.setAttribute("aria-labelledby", "linked-from-title");
        var heading = element("h2", "", linksBox.dataset.heading);
        heading.id = "linked-from-title";
        section.append(heading, element("ul"));
        linksBox.parentNode.insertBefore(section, linksBox);
      }
      var ul = section.querySelector("ul");
      here.from.forEach(function (linker) {
        var item = byId[linker.id];
        if (!item) return;
        var li = element("li", "sealed-linker"), a = element("a", "", item.title);
        a.href = linksBox.dataset.unlock + "#" + item.id;
        li.append(a);
        if (item.date) li.append(" ", when(item));
        if (linker.sentence) li.append(" ", element("q", "", linker.sentence));
        ul.append(li);
      });
    });
  }

  // The private search index, handed to the search of daybook.js (whichever of the two scripts runs first).
  function giveSearch(key) {
    return openJSON(key, searchBox.dataset.search, "search").then(function (index) {
      if (window.DaybookSearch && window.DaybookSearch.sealed) window.DaybookSearch.sealed(index);
      else window.daybookSealedSearch = index;
    });
  }

  function failed(error) {
    say(error && error.message === "changed" ? text("changed") : error && error.message === "offline" ? text("offline") : String(error));
  }

  function opened(key) {
    var form = document.querySelector(".unlock-form"), lockButton = document.querySelector(".lock-button");
    if (form) form.hidden = true;
    if (lockButton) lockButton.hidden = false;
    say("");
    var shown = [];
    if (unlockBox || list) shown.push(showList(key).then(function () { return unlockBox && showEntry(key); }));
    if (marksBox) shown.push(showMarks(key));
    if (searchBox) shown.push(giveSearch(key));
    if (countsBox) shown.push(showCounts(key));
    if (linksBox) shown.push(showLinksHere(key));
    return Promise.all(shown).catch(failed);
  }

  function locked() {
    var form = document.querySelector(".unlock-form"), lockButton = document.querySelector(".lock-button");
    document.querySelectorAll(".sealed-list").forEach(function (box) { box.hidden = true; box.querySelector("ul").textContent = ""; });
    var article = document.querySelector(".sealed-entry");
    if (article) { article.hidden = true; article.textContent = ""; }
    if (form) form.hidden = false;
    if (lockButton) lockButton.hidden = true;
  }

  storedKey().then(function (key) {
    if (key) return opened(key);
    if (unlockBox) locked();
  });

  if (!unlockBox) return;
  var form = unlockBox.querySelector(".unlock-form");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var passphrase = form.elements.passphrase.value, seconds = parseInt(form.elements.lock.value, 10);
    say(text("working"));
    derive(passphrase).then(function (key) {
      return open(key, base64(text("check")).buffer, "check").then(function () {
        form.elements.passphrase.value = "";
        return keep(key, seconds).then(function () { return opened(key); });
      }, function () {
        locked();
        say(text("wrong"));
      });
    }).catch(failed);
  });
  unlockBox.querySelector(".lock-button").addEventListener("click", function () {
    lock().then(function () { locked(); say(text("locked")); });
  });
  window.addEventListener("hashchange", function () {
    storedKey().then(function (key) { if (key) showEntry(key).catch(failed); });
  });
})();
