"""The weather of a new entry, and of old entries filled in, fetched from a
small HTTP server on 127.0.0.1 that answers as Open-Meteo and OpenWeatherMap
do (the answers below are written in the services' own shapes). Whatever goes
wrong, the entry is still written, without weather, and one line says why."""
import http.server
import json
import os
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from conftest import daybook

SITE_YML = """title: Weather test
timezone: Asia/Seoul
location:
  name: Seoul
  latitude: 37.5665
  longitude: 126.978
"""

# api.open-meteo.com/v1/forecast?current=temperature_2m,relative_humidity_2m,apparent_temperature,is_day,weather_code,wind_speed_10m
OPEN_METEO_CURRENT = {
    "latitude": 37.55, "longitude": 127.0, "generationtime_ms": 0.04, "utc_offset_seconds": 0, "timezone": "GMT",
    "timezone_abbreviation": "GMT", "elevation": 38.0,
    "current_units": {"time": "iso8601", "interval": "seconds", "temperature_2m": "°C", "relative_humidity_2m": "%",
                      "apparent_temperature": "°C", "is_day": "", "weather_code": "wmo code", "wind_speed_10m": "km/h"},
    "current": {"time": "2026-11-23T12:15", "interval": 900, "temperature_2m": -1.5, "relative_humidity_2m": 86,
                "apparent_temperature": -5.2, "is_day": 1, "weather_code": 73, "wind_speed_10m": 11.2},
}

# The same service as it answered `current_weather=true` before `current=` existed.
OPEN_METEO_LEGACY = {
    "latitude": 37.55, "longitude": 127.0, "generationtime_ms": 0.3, "utc_offset_seconds": 0, "timezone": "GMT",
    "timezone_abbreviation": "GMT", "elevation": 38.0,
    "current_weather_units": {"time": "iso8601", "interval": "seconds", "temperature": "°C", "windspeed": "km/h",
                              "winddirection": "°", "is_day": "", "weathercode": "wmo code"},
    "current_weather": {"time": "2026-11-23T12:15", "interval": 900, "temperature": -1.5, "windspeed": 11.2,
                        "winddirection": 320, "is_day": 1, "weathercode": 73},
}

# api.openweathermap.org/data/2.5/weather?units=metric: two conditions at once, the first is the main one.
OPENWEATHERMAP_METRIC = {
    "coord": {"lon": 126.978, "lat": 37.5665},
    "weather": [{"id": 501, "main": "Rain", "description": "moderate rain", "icon": "10n"},
                {"id": 701, "main": "Mist", "description": "mist", "icon": "50n"}],
    "base": "stations",
    "main": {"temp": 8.3, "feels_like": 6.1, "temp_min": 7.0, "temp_max": 9.0, "pressure": 1012, "humidity": 93,
             "sea_level": 1012, "grnd_level": 1003},
    "visibility": 3000, "wind": {"speed": 3.6, "deg": 250, "gust": 6.2}, "rain": {"1h": 1.2}, "clouds": {"all": 100},
    "dt": 1763900000, "sys": {"type": 1, "id": 8105, "country": "KR", "sunrise": 1763850000, "sunset": 1763886000},
    "timezone": 32400, "id": 1835848, "name": "Seoul", "cod": 200,
}


def hourly(day, timezone):
    """An archive (or forecast `hourly=`) answer for one day: a shower at 21:00,
    overcast at noon, the hour's number in the temperature so the test sees which hour was read."""
    hours = [f"{day}T{h:02}:00" for h in range(24)]
    return {
        "latitude": 37.55, "longitude": 127.0, "generationtime_ms": 0.2, "utc_offset_seconds": 32400, "timezone": timezone,
        "timezone_abbreviation": "GMT+9", "elevation": 38.0,
        "hourly_units": {"time": "iso8601", "temperature_2m": "°C", "relative_humidity_2m": "%", "apparent_temperature": "°C",
                         "is_day": "", "weather_code": "wmo code", "wind_speed_10m": "km/h"},
        "hourly": {
            "time": hours,
            "temperature_2m": [float(h) for h in range(24)],
            "relative_humidity_2m": [60 + h for h in range(24)],
            "apparent_temperature": [h - 2.0 for h in range(24)],
            "is_day": [1 if 7 <= h < 18 else 0 for h in range(24)],
            "weather_code": [80 if h == 21 else 3 for h in range(24)],
            "wind_speed_10m": [7.2] * 24,
        },
    }


class Service(http.server.BaseHTTPRequestHandler):
    """Answers each path as `server.answers[path]` says: (status, body or a
    function of the query, seconds to wait first). Records every request."""

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = {k: v[0] for k, v in urllib.parse.parse_qs(url.query).items()}
        self.server.requests.append((url.path, query))
        self.server.arrivals.append(time.monotonic())
        status, body, delay = self.server.answers.get(url.path, (404, '{"error":true,"reason":"no such path"}', 0))
        time.sleep(delay)
        if callable(body):
            body = body(query)
        data = body if isinstance(body, bytes) else (body if isinstance(body, str) else json.dumps(body)).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up waiting, as it should

    def log_message(self, *args):
        pass


@pytest.fixture
def service():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Service)
    server.daemon_threads = True
    server.answers, server.requests, server.arrivals = {}, [], []
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    server.env = {"DAYBOOK_OPEN_METEO_URL": base, "DAYBOOK_OPEN_METEO_ARCHIVE_URL": base,
                  "DAYBOOK_OPENWEATHERMAP_URL": base, "OPENWEATHERMAP_API_KEY": ""}
    yield server
    server.shutdown()


def make_site(tmp_path, site_yml=SITE_YML):
    content = tmp_path / "content"
    (content / "diary").mkdir(parents=True)
    (content / "site.yml").write_text(site_yml)
    return content


def new_entry(content, service, *args, env=None):
    """`daybook new entry`: the file it wrote, its text, and stderr's lines."""
    result = daybook("new", "entry", "--content", str(content), *args, env={**service.env, **(env or {})})
    ended = time.monotonic()
    # From the request reaching the service to the end of the command: the
    # deadline's share, without the program's start on a busy machine.
    waited = ended - service.arrivals[-1] if service.arrivals else 0
    path = Path(result.stdout.strip())
    return path, path.read_text(), [line for line in result.stderr.splitlines() if line], waited


@pytest.mark.parametrize("answer", [OPEN_METEO_CURRENT, OPEN_METEO_LEGACY], ids=["current", "legacy"])
def test_new_entry_records_the_weather_now_from_open_meteo(tmp_path, service, answer):
    content = make_site(tmp_path)
    service.answers["/v1/forecast"] = (200, answer, 0)
    path, text, stderr, _ = new_entry(content, service, "Snow day")
    assert "  condition: snow\n  temp: -1.5\n" in text
    assert "  wind: 3.1\n" in text  # 11.2 km/h
    assert '  location: "Seoul"\n' in text
    if answer is OPEN_METEO_CURRENT:
        assert "  feels_like: -5.2\n  humidity: 86\n" in text
    assert stderr == ["weather: snow, -1.5 °C"]
    (_, query), = service.requests
    assert query["latitude"] == "37.5665" and query["longitude"] == "126.978"
    daybook("check", "--content", str(content))


def test_new_entry_with_openweathermap_uses_the_key_from_the_environment(tmp_path, service):
    content = make_site(tmp_path, SITE_YML + "weather:\n  provider: openweathermap\n")
    service.answers["/data/2.5/weather"] = (200, OPENWEATHERMAP_METRIC, 0)
    _, text, stderr, _ = new_entry(content, service, env={"OPENWEATHERMAP_API_KEY": "test-key"})
    assert "weather:\n  condition: rain\n  temp: 8.3\n  feels_like: 6.1\n  humidity: 93\n  wind: 3.6\n" in text
    (path, query), = service.requests
    assert path == "/data/2.5/weather" and query["appid"] == "test-key" and query["units"] == "metric"
    assert "test-key" not in text

    # Without the key, nothing is asked and the entry says nothing of the weather.
    _, text, stderr, _ = new_entry(content, service, "second")
    assert "weather" not in text
    assert stderr == [f"daybook: {content}/diary/{path_year(text)}/{date_of(text)}-2.md has no weather: "
                      "weather.provider is openweathermap but OPENWEATHERMAP_API_KEY is not set"]
    assert len(service.requests) == 1


def date_of(text):
    return next(line for line in text.splitlines() if line.startswith("date: "))[6:16]


def path_year(text):
    return date_of(text)[:4]


FAILURES = {
    # path answered, (status, body, delay), the reason said
    "slow": ("/v1/forecast", (200, OPEN_METEO_CURRENT, 6), "Open-Meteo did not answer within 3 s"),
    "malformed": ("/v1/forecast", (200, '{"current": {"temperature_2m": 3.', 0), "Open-Meteo's answer is not valid JSON"),
    "server error": ("/v1/forecast", (500, "<html><body>Internal Server Error</body></html>", 0), "Open-Meteo answered HTTP 500"),
    "error body": ("/v1/forecast", (400, {"error": True, "reason": "Latitude must be in range of -90 to 90°. Given: 137.5."}, 0),
                   "Open-Meteo answered: Latitude must be in range of -90 to 90°. Given: 137.5."),
    "unauthorized": ("/data/2.5/weather", (401, {"cod": 401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}, 0),
                     "OpenWeatherMap answered: 401 Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."),
}


@pytest.mark.parametrize("case", FAILURES, ids=list(FAILURES))
def test_a_failed_fetch_still_writes_the_entry_without_weather_and_says_why(tmp_path, service, case):
    path, answer, reason = FAILURES[case]
    provider = "openweathermap" if path.startswith("/data") else "open-meteo"
    content = make_site(tmp_path, SITE_YML + f"weather:\n  provider: {provider}\n")
    service.answers[path] = answer
    entry, text, stderr, waited = new_entry(content, service, env={"OPENWEATHERMAP_API_KEY": "bad-key"})
    assert "weather" not in text and "condition" not in text
    assert stderr == [f"daybook: {entry} has no weather: {reason}"]
    assert waited < 4, f"the command ended {waited:.1f} s after its request"
    daybook("check", "--content", str(content))


def test_a_services_reason_reaches_the_terminal_without_control_characters(tmp_path, service):
    """A reason that would set the terminal's title, clear the screen and
    print a fake success line over the real one is shown as plain text."""
    content = make_site(tmp_path)
    reason = "\x1b]0;owned\x07\x1b[2J\x1b[H\rWeather filled.\x1b[8m hidden\x9b\x7f\x00"
    service.answers["/v1/forecast"] = (400, {"error": True, "reason": reason}, 0)
    result = daybook("new", "entry", "--content", str(content), env=service.env)
    entry = result.stdout.strip()
    assert result.stderr == f"daybook: {entry} has no weather: Open-Meteo answered: Weather filled. hidden\n"


def test_no_network_and_no_location_write_the_entry_without_weather(tmp_path, service):
    content = make_site(tmp_path)
    closed = {"DAYBOOK_OPEN_METEO_URL": "http://127.0.0.1:9"}  # nothing listens on the discard port
    entry, text, stderr, _ = new_entry(content, service, env=closed)
    assert "weather" not in text
    assert stderr == [f"daybook: {entry} has no weather: could not reach Open-Meteo: the connection was refused"]

    (content / "site.yml").write_text("title: No place\n")
    entry, text, stderr, _ = new_entry(content, service, "later")
    assert "weather" not in text
    assert stderr == [f"daybook: {entry} has no weather: site.yml has no location (add location: {{name, latitude, longitude}})"]
    assert service.requests == []


def test_new_entry_for_a_past_hour_asks_the_archive(tmp_path, service):
    content = make_site(tmp_path)
    service.answers["/v1/archive"] = (200, lambda q: hourly(q["start_date"], q["timezone"]), 0)
    entry, text, stderr, _ = new_entry(content, service, "--date", "2026-11-02", "--time", "21:30")
    assert entry.name == "2026-11-02.md"
    assert "date: 2026-11-02 21:30\n" in text
    # The 21:00 hour: showers, 21 °C in this made-up series, night.
    assert "weather:\n  condition: showers\n  temp: 21\n  feels_like: 19\n  humidity: 81\n  wind: 2\n" in text
    (path, query), = service.requests
    assert path == "/v1/archive"
    assert (query["start_date"], query["end_date"], query["timezone"]) == ("2026-11-02", "2026-11-02", "Asia/Seoul")
    assert "weather_code" in query["hourly"]

    # A date without a time: the entry has the date only, and noon's weather.
    _, text, _, _ = new_entry(content, service, "--date", "2026-10-01")
    assert "date: 2026-10-01\n" in text and "  condition: overcast\n  temp: 12\n" in text


def test_new_entry_for_the_last_days_asks_the_forecast_api(tmp_path, service):
    """The archive lags some days behind; the forecast API keeps recent hours."""
    content = make_site(tmp_path)
    service.answers["/v1/forecast"] = (200, lambda q: hourly(q["start_date"], q["timezone"]), 0)
    _, text, _, _ = new_entry(content, service, "--date", "2026-11-21", "--time", "08:05", "--today", "2026-11-23")
    assert "  condition: overcast\n  temp: 8\n" in text
    (path, query), = service.requests
    assert path == "/v1/forecast" and query["start_date"] == "2026-11-21" and "hourly" in query

    # A day to come has no weather yet: nothing is asked, nothing invented.
    _, text, stderr, _ = new_entry(content, service, "--date", "2026-11-30", "--today", "2026-11-23")
    assert "weather" not in text and stderr[0].endswith("has no weather: 2026-11-30 is after today, so it has no weather yet")


# MARK: weather fill

FILES = {
    # Daybook's own YAML, LF.
    "diary/2026/2026-11-02.md": b"---\ntitle: First\ndate: 2026-11-02 21:30\ntags: [a]\n---\nText.\n",
    # Windows: a byte-order mark and CRLF everywhere.
    "diary/2026/2026-11-03.md": b"\xef\xbb\xbf---\r\ntitle: Windows\r\ndate: 2026-11-03 09:10\r\n---\r\nLine one.\r\nLine two.\r\n",
    # Hugo's TOML with a table that must stay last.
    "diary/2026/hugo.md": b'+++\ntitle = "Hugo"\ndate = 2026-11-04T21:10:00+09:00\n\n[params]\nsummary = "kept"\n+++\nText.\n',
    # JSON front matter.
    "diary/2026/json.md": b'{\n  "title": "JSON",\n  "date": "2026-11-05 12:40"\n}\nText.\n',
    # An Obsidian daily note without front matter: its date is its name.
    "diary/Daily notes/2026-11-06.md": b"Walked. #walk\n",
    # Already has weather: left alone.
    "diary/2026/2026-11-07.md": b"---\ndate: 2026-11-07\nweather: snow\n---\nSnow.\n",
    # Before --since: left alone.
    "diary/2025/2025-12-31.md": b"---\ndate: 2025-12-31\n---\nOld year.\n",
    # A JSON object that begins on the key's line is not rewritten.
    "diary/2026/inline.md": b'{ "date": "2026-11-08" }\nText.\n',
}


def fill_site(tmp_path, service):
    content = make_site(tmp_path)
    for name, data in FILES.items():
        (content / name).parent.mkdir(parents=True, exist_ok=True)
        (content / name).write_bytes(data)
    service.answers["/v1/archive"] = (200, lambda q: hourly(q["start_date"], q["timezone"]), 0)
    return content


def only_added(old, new):
    """`new` is `old` with bytes inserted in one place, every old byte kept."""
    prefix = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
    suffix = next((i for i, (a, b) in enumerate(zip(reversed(old), reversed(new))) if a != b), min(len(old), len(new)))
    return len(new) > len(old) and prefix + suffix >= len(old)


def test_weather_fill_dry_run_writes_nothing(tmp_path, service):
    content = fill_site(tmp_path, service)
    result = daybook("weather", "fill", "--content", str(content), "--since", "2026-01-01", "--dry-run",
                     "--today", "2026-11-23", env=service.env, check=False)
    assert "would fill content/diary/2026/2026-11-02.md: showers, 21 °C" in result.stdout.replace(str(content), "content")
    assert "Would fill 5 entries; wrote nothing; 1 entry got no weather." in result.stdout
    for name, data in FILES.items():
        assert (content / name).read_bytes() == data, name


def test_weather_fill_adds_weather_and_keeps_every_other_byte(tmp_path, service):
    content = fill_site(tmp_path, service)
    result = daybook("weather", "fill", "--content", str(content), "--since", "2026-01-01", "--today", "2026-11-23",
                     env=service.env, check=False)
    assert result.returncode == 1  # one entry could not be filled, and says so
    assert result.stderr.splitlines() == [
        f"daybook: {content}/diary/2026/inline.md has no weather: "
        "JSON front matter is changed only when its '{' stands alone on the first line"]
    assert "Filled 5 entries; 1 entry got no weather." in result.stdout

    after = {name: (content / name).read_bytes() for name in FILES}
    for name in ("diary/2026/2026-11-07.md", "diary/2025/2025-12-31.md", "diary/2026/inline.md"):
        assert after[name] == FILES[name], name
    for name in ("diary/2026/2026-11-02.md", "diary/2026/2026-11-03.md", "diary/2026/hugo.md", "diary/2026/json.md",
                 "diary/Daily notes/2026-11-06.md"):
        assert only_added(FILES[name], after[name]), name

    assert after["diary/2026/2026-11-02.md"] == (
        b"---\ntitle: First\ndate: 2026-11-02 21:30\ntags: [a]\nweather:\n  condition: showers\n  temp: 21\n"
        b'  feels_like: 19\n  humidity: 81\n  wind: 2\n  location: "Seoul"\n---\nText.\n')
    windows = after["diary/2026/2026-11-03.md"]
    assert windows.startswith(b"\xef\xbb\xbf---\r\ntitle: Windows\r\ndate: 2026-11-03 09:10\r\nweather:\r\n  condition: overcast\r\n  temp: 9\r\n")
    assert windows.count(b"\n") == windows.count(b"\r\n"), "every added line ends as the file's lines do"
    # Hugo's 21:10 at +09:00 is 12:10 UTC: asked in GMT, and read at 12:00.
    assert after["diary/2026/hugo.md"].startswith(
        b'+++\nweather = { condition = "overcast", temp = 12, feels_like = 10, humidity = 72, wind = 2, location = "Seoul" }\ntitle')
    assert after["diary/2026/json.md"].startswith(b'{\n  "weather": { "condition": "overcast", "temp": 12, ')
    assert after["diary/Daily notes/2026-11-06.md"].startswith(b"---\nweather:\n  condition: overcast\n  temp: 12\n")
    assert after["diary/Daily notes/2026-11-06.md"].endswith(b'"Seoul"\n---\nWalked. #walk\n')

    # One request a day and time zone, for the days filled only.
    days = sorted((q["start_date"], q["timezone"]) for _, q in service.requests)
    assert days == [("2026-11-02", "Asia/Seoul"), ("2026-11-03", "Asia/Seoul"), ("2026-11-04", "GMT"),
                    ("2026-11-05", "Asia/Seoul"), ("2026-11-06", "Asia/Seoul")]
    daybook("check", "--content", str(content), "--today", "2026-11-23")

    # Filled entries have weather now: a second run has nothing left but the one it cannot change.
    again = daybook("weather", "fill", "--content", str(content), "--since", "2026-01-01", "--today", "2026-11-23",
                    env=service.env, check=False)
    assert "Filled 0 entries; 1 entry got no weather." in again.stdout


def test_weather_fill_stops_asking_when_the_service_cannot_be_reached(tmp_path, service):
    content = fill_site(tmp_path, service)
    service.answers["/v1/archive"] = (500, "Internal Server Error", 0)
    result = daybook("weather", "fill", "--content", str(content), "--since", "2026-11-02", "--today", "2026-11-23",
                     env=service.env, check=False)
    assert result.returncode == 1
    assert f"daybook: {content}/diary/2026/2026-11-02.md has no weather: Open-Meteo answered HTTP 500" in result.stderr
    for name, data in FILES.items():
        assert (content / name).read_bytes() == data, name

    started = time.monotonic()
    result = daybook("weather", "fill", "--content", str(content), "--today", "2026-11-23",
                     env={**service.env, "DAYBOOK_OPEN_METEO_ARCHIVE_URL": "http://127.0.0.1:9"}, check=False)
    assert time.monotonic() - started < 4
    unreachable = [line for line in result.stderr.splitlines() if "inline.md" not in line]
    assert len(unreachable) == 6, unreachable  # the first refused connection ends the asking
    assert all(line.endswith("has no weather: could not reach Open-Meteo's archive: the connection was refused") for line in unreachable)


def test_weather_fill_needs_a_location(tmp_path, service):
    content = fill_site(tmp_path, service)
    (content / "site.yml").write_text("title: nowhere\n")
    result = daybook("weather", "fill", "--content", str(content), env=service.env, check=False)
    assert result.returncode == 2
    assert result.stderr.strip() == f"daybook: {content}/site.yml has no location: add location: {{name, latitude, longitude}}"
