# Shared steps of scripts/run and scripts/test (sourced, not run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

step() { printf '\n\033[1;32m==> %s\033[0m\n' "$*"; }

# Installs the web app's packages exactly as locked, again only when the lock file changed.
web_deps() {
  local stamp=web/node_modules/.grow-lock-stamp
  local want
  want="$(sha256sum web/package-lock.json | cut -d' ' -f1)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    step "Installing web packages (npm ci)"
    # npm 11 can write a lock file without the other platforms' optional packages (esbuild, rollup,
    # tailwind oxide) and then refuse it in `npm ci`; `npm install` still keeps every locked version.
    (cd web && { npm ci --no-audit --no-fund --loglevel=error 2>/dev/null \
      || npm install --no-audit --no-fund --loglevel=error; })
    echo "$want" > "$stamp"
  fi
}

build_web() {
  web_deps
  step "Building the web app"
  (cd web && npm run --silent build)
}

build_release() {
  step "Building the grow binary (release)"
  cargo build --release --locked --bin grow
}
