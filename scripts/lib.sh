# Shared by scripts/site and scripts/test: install what is missing, quietly.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

APT_UPDATED=
# apt_need PACKAGE...: installs the Debian packages that are not installed yet.
apt_need() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing ${missing[*]} …"
  if [ -z "$APT_UPDATED" ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The Python packages of the site tests and benchmarks, in .test-venv.
need_test_venv() {
  apt_need python3-venv
  if [ ! -x .test-venv/bin/python ]; then python3 -m venv .test-venv; fi
  .test-venv/bin/python -m pip install -q --disable-pip-version-check -r Tests/site/requirements.txt
}

# The C libraries a build of Daybook compiles against, from Debian:
# - libcmark-gfm renders Markdown;
# - libvips resizes and cleans photos (with HEIC/AVIF, WebP and EXIF support),
#   libcrypto (libssl-dev) hashes them for the cache;
# - zlib, which ZIPFoundation reads Day One's export .zip with;
# - libdeflate deflates the texts of the search index;
# - mimalloc is the whole program's malloc (faster than glibc's for Swift's
#   many small allocations, see docs/performance.md);
# - KaTeX (libjs-katex, its fonts in fonts-katex) draws math in the browser:
#   a build copies it into a site that has math (docs/writing.md).
need_build_libs() {
  apt_need pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libvips-dev libssl-dev \
    zlib1g-dev libdeflate-dev libmimalloc-dev libjs-katex fonts-katex
}

# The team's shared folder (bench corpus generator, Hugo twin site): $DAYBOOK_SHARED,
# else ../shared beside the main checkout, found through git so that it is the same
# from a linked worktree; for a clone of a checkout on this machine (CI's fresh
# clone) that has none beside it, the one beside the checkout it was cloned from.
shared_dir() {
  if [ -n "${DAYBOOK_SHARED:-}" ]; then echo "$DAYBOOK_SHARED"; return; fi
  local common origin
  common=$(git rev-parse --path-format=absolute --git-common-dir 2>/dev/null) || common=$(pwd)/.git
  origin=$(git config --get remote.origin.url 2>/dev/null) || origin=
  if [ ! -d "$(dirname "$(dirname "$common")")/shared" ] && [ -d "$origin/.git" ] && [ -d "$(dirname "$origin")/shared" ]; then
    echo "$(dirname "$origin")/shared"
  else
    echo "$(dirname "$(dirname "$common")")/shared"
  fi
}

# quiet_build CONFIGURATION [SWIFT-BUILD-ARGS…]: swift build -c CONFIGURATION with
# a line of progress instead of the compiler's whole output; on failure, its
# errors (the whole output is kept in .build/).
quiet_build() {
  local configuration=$1; shift
  local log=.build/build-$configuration.log
  mkdir -p .build
  if [ -x ".build/$configuration/daybook" ]; then
    echo "Building daybook ($configuration)…"
  else
    echo "Building daybook ($configuration) — the first build takes 5 to 10 minutes on 2 cores…"
  fi
  if ! swift build -c "$configuration" "$@" >"$log" 2>&1; then
    echo "The build failed:" >&2
    grep -E -A3 'error:' "$log" | head -n 60 >&2 || tail -n 40 "$log" >&2
    echo "(the whole output is in $log)" >&2
    return 1
  fi
}
