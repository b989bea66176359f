# Shared steps of scripts/run and scripts/test (sourced, not run).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Each step's time is printed when the next one starts (and the whole run's by `step_summary`).
STEP_NAME=""
STEP_START=$SECONDS
STEP_TIMES=()
step_done() {
  if [ -n "$STEP_NAME" ]; then
    local took=$((SECONDS - STEP_START))
    STEP_TIMES+=("$(printf '%4d:%02d  %s' $((took / 60)) $((took % 60)) "$STEP_NAME")")
    printf '\033[2m    (%s took %d:%02d)\033[0m\n' "$STEP_NAME" $((took / 60)) $((took % 60))
  fi
  STEP_NAME=""
}
step() {
  step_done
  STEP_NAME="$*"
  STEP_START=$SECONDS
  printf '\n\033[1;32m==> %s\033[0m\n' "$*"
}
# Prints every step's time and the total (call from an EXIT trap, so a failing run shows them too).
step_summary() {
  step_done
  printf '\n\033[1mStep times (min:s)\033[0m\n'
  local line
  for line in "${STEP_TIMES[@]}"; do printf '%s\n' "$line"; done
  printf '%4d:%02d  total\n' $((SECONDS / 60)) $((SECONDS % 60))
}

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

# Bundles the app (vite). Type checking is the test command's step, not the bundle's: `npm run build` does both.
build_web() {
  web_deps
  step "Building the web app"
  (cd web && npx --no-install vite build --logLevel warn)
}

build_release() {
  step "Building the grow binary (release)"
  cargo build --release --locked --bin grow
}
