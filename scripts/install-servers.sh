#!/usr/bin/env bash
# The language servers of the catalogue that npm cannot provide: clangd (C, C++) and gopls with Go,
# the alternatives pylsp (python3-pylsp) and ccls, from Debian, shellcheck (bash-language-server's
# every diagnostic is ShellCheck's), django 3.2 (python3-django), the real Python codebase the
# cross-check's tests run on, and bash-completion, a real shell library the shell tests run on; and intelephense (PHP) from npm, which is not
# open source and so not a dependency of the package. Skipped when present; quiet unless apt or npm
# fails. Needs root (or sudo).
set -euo pipefail
if ! command -v intelephense >/dev/null; then
  npm install --global --no-audit --no-fund --loglevel=error intelephense@1.18.5
fi
if command -v clangd >/dev/null && command -v gopls >/dev/null && command -v go >/dev/null && command -v pylsp >/dev/null && command -v ccls >/dev/null && command -v shellcheck >/dev/null && [ -d /usr/lib/python3/dist-packages/django ] && [ -f /usr/share/bash-completion/bash_completion ]; then
  exit 0
fi
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
if ! apt_log=$( {
  $sudo apt-get update -qq &&
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends clangd gopls golang-go python3-pylsp ccls shellcheck python3-django bash-completion
} 2>&1 </dev/null); then
  printf '%s\n' "$apt_log" >&2
  exit 1
fi
