#!/usr/bin/env bash
# `npm run lint`: formatting (Prettier, .prettierrc.json; `npx prettier --write .` fixes it), then
# the import boundaries in .dependency-cruiser.cjs, over every workspace and the root's own code
# (e2e, test, scripts, bench). Reads sources only. Both keep what they learnt in
# node_modules/.cache, so a second run looks only at changed files.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "[lint] formatting (prettier --check)"
node_modules/.bin/prettier --check --log-level warn --cache --cache-strategy content .
echo "[lint] import boundaries (dependency-cruiser)"
mapfile -t dirs < <(node -e 'for (const w of require("./package.json").workspaces) console.log(w)'; printf '%s\n' e2e test scripts bench)
existing=()
for dir in "${dirs[@]}"; do [ -d "$dir" ] && existing+=("$dir"); done
exec node_modules/.bin/depcruise --config .dependency-cruiser.cjs --cache node_modules/.cache/dependency-cruiser --output-type err "${existing[@]}"
