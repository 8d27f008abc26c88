"""Math and HTML in notes (issue 42), in real Chromium: KaTeX from Debian
draws the TeX on the pages that have some, from the site's own files, offline
once opened and in print; without JavaScript the TeX is there as text. HTML
keeps what Obsidian's sanitiser keeps, and hostile HTML (the manner of
OWASP's XSS filter evasion cheat sheet) runs nothing."""
import functools
import http.server
import shutil
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from PIL import Image
from selenium.webdriver.support.ui import WebDriverWait

from conftest import daybook, serving
from test_privacy import ENV, PASSPHRASE, unlock, wait_for, write_site

KATEX = Path("/usr/share/javascript/katex/katex.min.js")

MATH_NOTE = r"""---
title: Sets
---
## The set $\{a, b\}$

Inline $\frac{1}{2} + x^2$ and a price of $5 and $6.

$$
\begin{aligned}
a &= b \\
c &= \left\{ d \right.
\end{aligned}
$$

> [!note] In a callout
> $$
> \sum_{i=1}^n i = \frac{n(n+1)}{2}
> $$

| rule | formula |
|---|---|
| square | $x^2$ |

```math
\int_0^1 x\,dx
```
"""

# Each sets window.__xss if it runs; none may.
HOSTILE = [
    "<script>window.__xss = 1</script>",
    "<SCRIPT SRC=data:text/javascript,window.__xss=1></SCRIPT>",
    "<IMG SRC=\"javascript:window.__xss=1\">",
    "<IMG SRC=JaVaScRiPt:window.__xss=1>",
    "<img src=https://x.invalid/ onerror=\"window.__xss=1\">",
    "<IMG SRC=/ onerror=\"window.__xss=1\"></img>",
    "<svg/onload=window.__xss=1>",
    "<svg><script>window.__xss=1</script></svg>",
    "<body onload=window.__xss=1>",
    "<a href=\"javascript:window.__xss=1\" id=\"js-link\">click</a>",
    "<a href=\"jav&#x09;ascript:window.__xss=1\" id=\"tab-link\">click</a>",
    "<a href=\"&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1\" id=\"entity-link\">click</a>",
    "<a href=\"java&#115;cript&colon;window.__xss=1\" id=\"colon-link\">click</a>",
    "<IMG \"\"\"><SCRIPT>window.__xss=1</SCRIPT>\">",
    "<<SCRIPT>window.__xss=1;//<</SCRIPT>",
    "<iframe src=\"javascript:parent.__xss=1\"></iframe>",
    "<iframe srcdoc=\"<script>parent.__xss=1</script>\"></iframe>",
    "<object data=\"data:text/html,<script>parent.__xss=1</script>\"></object>",
    "<embed src=\"data:text/html,<script>parent.__xss=1</script>\">",
    "<details open ontoggle=\"window.__xss=1\"><summary>s</summary>d</details>",
    "<div style=\"background-image: url(javascript:window.__xss=1)\">bg</div>",
    "<div style=\"width: expression(window.__xss=1)\">ex</div>",
    "<style>@import 'data:text/css,body{background:red}';</style>",
    "<link rel=stylesheet href=\"data:text/css,body{}\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:window.__xss=1\">",
    "<base href=\"javascript:window.__xss=1//\">",
    "<form action=\"javascript:window.__xss=1\"><button id=\"form-button\">go</button></form>",
    "<input autofocus onfocus=\"window.__xss=1\">",
    "<video><source onerror=\"window.__xss=1\"></video>",
    "<math><maction xlink:href=\"javascript:window.__xss=1\">m</maction></math>",
    "<!--<img src=\"--><img src=https://x.invalid/ onerror=window.__xss=1//\">",
    "<noscript><p title=\"</noscript><img src=x onerror=window.__xss=1>\"></noscript>",
    "<template><img src=x onerror=window.__xss=1></template>",
    "<textarea><img src=x onerror=window.__xss=1></textarea>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg==\" id=\"data-link\">data</a>",
    "<img src=\"data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='window.__xss=1'/>\">",
    "<span onmouseover=\"window.__xss=1\" id=\"hover\">hover me</span>",
    "text <b onclick=\"window.__xss=1\" id=\"bold\">bold</b> inline <i>kept</i>",
]

HTML_NOTE = "---\ntitle: Html\n---\n<big><u>Definition</u></big> and <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup>, <mark>marked</mark>.\n\n" \
    + "<details>\n<summary>More</summary>\n\nInside **Markdown**.\n\n</details>\n\n" \
    + "\n\n".join(HOSTILE) + "\n"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def vault_site(tmp_path_factory):
    """A vault with a note of math, a note of HTML and a note of neither, built and served at /daybook/."""
    root = tmp_path_factory.mktemp("mathhtml")
    content = root / "content"
    (content / "pages" / "vault").mkdir(parents=True)
    (content / "site.yml").write_text("title: Vault\n")
    (content / "pages" / "vault" / "Sets.md").write_text(MATH_NOTE)
    (content / "pages" / "vault" / "Html.md").write_text(HTML_NOTE)
    (content / "pages" / "vault" / "Plain.md").write_text("---\ntitle: Plain\n---\nNo math here, only $5 and $6.\n")
    # HTML images of the vault's own, in a folder of notes: a photo from the note's folder, a GIF by name.
    (content / "pages" / "vault" / "images").mkdir()
    Image.new("RGB", (1200, 800), (90, 150, 200)).save(content / "pages" / "vault" / "images" / "wide.png")
    (content / "pages" / "vault" / "Attachments").mkdir()
    Image.new("RGB", (40, 20), (200, 90, 90)).save(content / "pages" / "vault" / "Attachments" / "dot.gif")
    (content / "pages" / "vault" / "docs").mkdir()
    (content / "pages" / "vault" / "docs" / "Pictures.md").write_text(
        "---\ntitle: Pictures\n---\n<img id=\"photo\" src=\"../images/wide.png\" width=\"300\"> <img id=\"gif\" src=\"dot.gif\">\n\n"
        "<a id=\"plain\" href=\"../Plain.md\">plain</a>\n")
    public = root / "www" / "daybook"
    result = daybook("build", "--content", str(content), "--output", str(public), "--today", "2026-12-07")
    handler = functools.partial(Quiet, directory=str(root / "www"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield {"public": public, "url": f"http://127.0.0.1:{server.server_address[1]}/daybook/", "stderr": result.stderr, "server": server}
    server.shutdown()
    server.server_close()


def open_page(browser, url):
    browser.get(url)
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def drawn(browser):
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "const m = document.querySelectorAll('.math'); return m.length > 0 && [...m].every((e) => e.classList.contains('math-drawn'))"))
    return browser.execute_script("""return [...document.querySelectorAll('.math')].map((e) => ({
        display: e.classList.contains('math-display'), katex: !!e.querySelector('.katex'), error: !!e.querySelector('.katex-error'),
        mathml: e.querySelector('annotation[encoding="application/x-tex"]')?.textContent }))""")


@pytest.mark.skipif(not KATEX.exists(), reason="libjs-katex is not installed")
def test_math_is_drawn_by_katex_from_the_sites_own_files(vault_site, browser):
    open_page(browser, vault_site["url"] + "pages/vault/Sets/index.html")
    maths = drawn(browser)
    assert len(maths) == 6, maths
    assert all(m["katex"] and not m["error"] for m in maths), maths
    assert [m["display"] for m in maths] == [False, False, True, True, False, True]
    # The TeX KaTeX read is the TeX as written: `\\` and `\{` survived Markdown.
    assert maths[0]["mathml"] == r"\{a, b\}"
    assert "a &= b \\\\\nc &= \\left\\{ d \\right." in maths[2]["mathml"]
    # A price is no math; every file came from this site, the fonts too.
    assert "a price of $5 and $6." in browser.find_element("css selector", ".entry-body").text
    resources = browser.execute_script("return performance.getEntriesByType('resource').map((r) => r.name)")
    assert any(r.endswith("assets/katex/katex.min.js") for r in resources)
    assert [r for r in resources if urlsplit(r).netloc != urlsplit(vault_site["url"]).netloc] == []
    assert browser.execute_script("return document.fonts.check('16px KaTeX_Main')")
    # Printed, the math is drawn and shown.
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert browser.execute_script("return [...document.querySelectorAll('.katex')].every((e) => e.getBoundingClientRect().height > 0)")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_a_page_without_math_loads_no_katex(vault_site, browser):
    open_page(browser, vault_site["url"] + "pages/vault/Plain/index.html")
    resources = browser.execute_script("return performance.getEntriesByType('resource').map((r) => r.name)")
    assert not any("katex" in r for r in resources), resources
    assert "only $5 and $6." in browser.find_element("css selector", ".entry-body").text


def test_without_javascript_the_tex_is_text(vault_site):
    page = (vault_site["public"] / "pages/vault/Sets/index.html").read_text()
    assert '<span class="math math-inline">\\{a, b\\}</span>' in page
    assert '<div class="math math-display">\n\\begin{aligned}\na &amp;= b \\\\\nc &amp;= \\left\\{ d \\right.\n\\end{aligned}\n</div>' in page
    assert '<div class="math math-display">\\int_0^1 x\\,dx</div>' in page


@pytest.mark.skipif(not KATEX.exists(), reason="libjs-katex is not installed")
def test_math_is_drawn_offline_once_opened(vault_site, tmp_path):
    from test_phone import start_phone, wait_for_worker
    phone = start_phone(tmp_path / "downloads", "2026-12-07")
    try:
        url = vault_site["url"] + "pages/vault/Sets/index.html"
        open_page(phone, url)
        wait_for_worker(phone)
        open_page(phone, url)
        drawn(phone)
        phone.execute_cdp_cmd("Network.enable", {})
        phone.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
        open_page(phone, url)
        maths = drawn(phone)
        assert all(m["katex"] for m in maths)
    finally:
        phone.quit()


@pytest.mark.skipif(not KATEX.exists(), reason="libjs-katex is not installed")
def test_math_in_an_unlocked_private_entry_is_drawn(browser, tmp_path):
    """A private entry published encrypted, opened on the unlock page: its math drawn as on any page (KaTeX is
    published for the public page's math)."""
    root = write_site(tmp_path, {
        "site.yml": "title: Sealed math\nlocale: en\nprivate:\n  publish: encrypted\n",
        "pages/Formulas.md": "---\ntitle: Formulas\n---\nPublic $a^2$.\n",
        "diary/2026/2026-11-20.md": "---\ntitle: Private sums\nprivate: true\n---\nThe sum $\\sum_i x_i$ and\n\n$$\\frac{1}{2}$$\n",
    })
    daybook("build", "--content", str(root / "content"), "--output", str(root / "www" / "site"), "--today", "2026-12-07", env=ENV)
    with serving(root / "www") as url:
        unlock(browser, url + "site/", PASSPHRASE)
        assert wait_for(lambda: "Private sums" in browser.execute_script("return document.body.innerText"))
        browser.find_element("link text", "Private sums").click()
        assert wait_for(lambda: browser.execute_script(
            "return document.querySelectorAll('.sealed-entry .math.math-drawn .katex').length") == 2), browser.page_source[-3000:]
        tex = browser.execute_script("""return [...document.querySelectorAll('.sealed-entry annotation[encoding="application/x-tex"]')]
            .map((a) => a.textContent)""")
        assert tex == ["\\sum_i x_i", "\\frac{1}{2}"], tex


def test_html_images_and_links_of_the_vault_work_under_the_pages_folder(vault_site, browser):
    open_page(browser, vault_site["url"] + "pages/vault/docs/Pictures/index.html")
    sizes = browser.execute_script("""return ['photo', 'gif'].map((id) => { const i = document.getElementById(id);
        return [i.complete, i.naturalWidth, i.width, i.getAttribute('src')]; })""")
    photo, gif = sizes
    # The photo as a resized JPEG the site publishes, shown at the width the HTML asks for; the GIF as it is.
    assert photo[0] and photo[1] > 0 and photo[2] == 300 and photo[3].endswith(".jpg"), sizes
    assert gif[0] and gif[1] == 40 and gif[3].endswith("Attachments/dot.gif"), sizes
    browser.execute_script("document.getElementById('plain').click()")
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("pages/vault/Plain/index.html"))
    assert "No math here" in browser.find_element("css selector", ".entry-body").text


def test_html_keeps_formatting_and_runs_nothing(vault_site, browser):
    open_page(browser, vault_site["url"] + "pages/vault/Html/index.html")
    body = browser.find_element("css selector", ".entry-body")
    html = body.get_attribute("innerHTML")
    for kept in ("<big><u>Definition</u></big>", "<kbd>Ctrl</kbd>", "<sub>2</sub>", "<sup>2</sup>", "<mark>marked</mark>",
                 "<summary>More</summary>", "<strong>Markdown</strong>", "<i>kept</i>"):
        assert kept in html, kept
    # Give anything that would run its chance: hover, click, focus, toggle.
    browser.execute_script("""for (const e of document.querySelectorAll('.entry-body *')) {
        for (const type of ['mouseover', 'click', 'focus', 'toggle', 'error', 'load']) e.dispatchEvent(new Event(type)); }""")
    for link in ("js-link", "tab-link", "entity-link", "colon-link", "data-link"):
        element = browser.execute_script("return document.getElementById(arguments[0])", link)
        if element is not None:
            browser.execute_script("arguments[0].click()", element)
    assert browser.execute_script("return window.__xss") is None
    assert browser.current_url.endswith("pages/vault/Html/index.html")
    # No script but the site's own, no handler, no address that runs, no frame, nothing styled from elsewhere.
    scripts = browser.execute_script("return [...document.scripts].map((s) => s.src)")
    assert all(s.startswith(vault_site["url"]) for s in scripts), scripts
    found = browser.execute_script("""return [...document.querySelectorAll('.entry-body *')].flatMap((e) =>
        [...e.attributes].filter((a) => a.name.startsWith('on') || /^\\s*(javascript|vbscript|data):/i.test(a.value) && a.name !== 'src'
          || a.name === 'style' && /url|expression|import/i.test(a.value)).map((a) => e.tagName + ' ' + a.name + '=' + a.value))""")
    assert found == []
    for tag in ("script", "iframe", "object", "embed", "style", "link", "meta", "base", "form", "input", "svg", "math", "textarea", "video"):
        assert browser.execute_script(f"return document.querySelectorAll('.entry-body {tag}').length") == 0, tag
    # Each removal was a warning at its line.
    warnings = [line for line in vault_site["stderr"].splitlines() if "Html.md:" in line and "warning: HTML" in line]
    assert any("<script> removed" in w for w in warnings), vault_site["stderr"][-2000:]
    assert len({w.split(":")[1] for w in warnings}) >= 20, warnings
