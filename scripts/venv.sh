# Sourced by scripts/start and scripts/test: make or update the virtualenv and activate it.
# Sets ROOT (the checkout) and VENV (default ROOT/.venv; override with TOWERS_VENV).
# Needs only Python 3.11 or newer; PYTHON=/path/to/python picks the interpreter.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${TOWERS_VENV:-$ROOT/.venv}"

towers_python() {
    local candidate
    for candidate in "${PYTHON:-}" python3.13 python3.12 python3.11 python3 python; do
        [ -n "$candidate" ] || continue
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            command -v "$candidate"
            return 0
        fi
    done
    echo "towers needs Python 3.11 or newer; none found (set PYTHON=/path/to/python3.11)" >&2
    return 1
}

towers_make_venv() {
    local python="$1"
    rm -rf "$VENV"
    if "$python" -m venv "$VENV" 2>/dev/null; then
        return 0
    fi
    rm -rf "$VENV"
    # Debian and Ubuntu ship venv's pip separately; install it when allowed to.
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        local version
        version="$("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
        echo "installing python$version-venv with apt-get" >&2
        apt-get update -qq >&2 || true
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "python$version-venv" >&2 ||
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >&2
        "$python" -m venv "$VENV" && return 0
    fi
    if "$python" -m virtualenv --version >/dev/null 2>&1; then
        "$python" -m virtualenv -q "$VENV" && return 0
    fi
    echo "cannot create a virtualenv with $python: install its venv module" \
        "(e.g. apt-get install python3-venv) and run this again" >&2
    return 1
}

towers_twin_sources() {
    # each module with a .pxd has a compiled twin (setup.py): its .py and .pxd
    local pxd
    while IFS= read -r pxd; do
        cat "$pxd" "${pxd%.pxd}.py"
    done < <(find "$ROOT/towers" -name '*.pxd' | sort)
}

towers_venv() {
    local python stamp want
    if [ ! -x "$VENV/bin/python" ] ||
        ! "$VENV/bin/python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        python="$(towers_python)"
        echo "creating $VENV with $python" >&2
        towers_make_venv "$python"
    fi
    # Reinstall only when the project's requirements, its location or the interpreter change.
    stamp="$VENV/.towers-installed"
    # (setup.py and the sources of the compiled twins included: their build goes stale)
    want="$(cat "$ROOT/pyproject.toml" "$ROOT/setup.py"; towers_twin_sources; echo "$ROOT"
        "$VENV/bin/python" -VV)"
    want="$(printf '%s' "$want" | "$VENV/bin/python" -c \
        'import hashlib, sys; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())')"
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] ||
        ! "$VENV/bin/python" -c 'import towers' 2>/dev/null; then
        echo "installing towers and its test tools into $VENV" >&2
        "$VENV/bin/python" -m pip install -q --upgrade pip >&2
        "$VENV/bin/python" -m pip install -q -e "$ROOT[test]" >&2
        printf '%s\n' "$want" >"$stamp"
    fi
    # shellcheck disable=SC1091
    source "$VENV/bin/activate"
}

towers_venv
