"""WCAG 2.1 AA with axe-core (bundled by axe-selenium-python) over every page
kind of the sample site, at desktop and phone widths, light and dark: no
serious or critical finding."""
import pytest

# One page of every kind the sample site has.
PAGES = [
    "index.html",
    "diary/index.html",
    "diary/2026/index.html",
    "diary/2026/11/index.html",
    "diary/2026/11/photos/index.html",
    "diary/2026/2026-11-22/index.html",
    "diary/2026/2026-11-18/index.html",
    "diary/2026/2026-11-17-hugo/index.html",
    "pages/about/index.html",
    "posts/moving-from-hugo/index.html",
    "tags/index.html",
    "tags/walk/index.html",
    "calendar/2026/11/index.html",
    "calendar/2026/index.html",
    "year/2026/index.html",
    "vocab/index.html",
    "vocab/today/index.html",
    "vocab/today/cards/index.html",
    "vocab/today/print/index.html",
    "vocab/toeic/index.html",
    "vocab/jlpt-n3/index.html",
    "vocab/toeic/2026-11-23/index.html",
    "vocab/toeic/cards/index.html",
    "vocab/toeic/print/index.html",
    "workouts/index.html",
    "workouts/stats/index.html",
    "workouts/2026/2026-11-21/index.html",
    "routines/index.html",
    "search/index.html",
    "404.html",
]

WIDTHS = {"desktop": 1280, "phone": 390}
SCHEMES = ("light", "dark")
# The bundled axe-core tags WCAG 2.1 A rules with wcag2a or wcag21aa.
RULES = ["wcag2a", "wcag2aa", "wcag21aa"]


def axe_findings(browser):
    from axe_selenium_python import Axe

    Axe(browser).inject()
    browser.set_script_timeout(60)
    result = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}, resultTypes: ['violations']})"
        ".then(r => done(r.violations), e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));",
        RULES)
    return [v for v in result if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_no_serious_wcag_finding_on_any_page(sample_site, browser, width, scheme):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": WIDTHS[width], "height": 900, "deviceScaleFactor": 1, "mobile": width == "phone"})
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia",
                            {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    problems = []
    try:
        for page in PAGES:
            path = sample_site / page
            assert path.exists(), f"the sample site has no {page}"
            browser.get(path.as_uri())
            for finding in axe_findings(browser):
                targets = "; ".join(" ".join(node["target"]) if isinstance(node["target"], list) else str(node["target"])
                                    for node in finding["nodes"][:4])
                summary = finding["nodes"][0].get("failureSummary", "").replace("\n", " ") if finding["nodes"] else ""
                problems.append(f"{page}: {finding['impact']} {finding['id']} ({len(finding['nodes'])}x): {finding['help']} "
                                f"[{targets}] {summary[:300]}")
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not problems, f"{len(problems)} serious or critical WCAG 2.1 AA findings ({width}, {scheme}):\n" + "\n".join(problems)
