#!/bin/sh
# python_library.sh — `weft c --python` and `weft multicore --python`: the Python module of
# examples/library/portfolio.fut (cffi's ABI mode over libportfolio.so) under
# examples/library/test_portfolio.py, whose tests compare with NumPy's own results.  Needs a
# python3 with cffi and NumPy (Debian: python3-cffi python3-numpy): $PYTHON, else python3, else
# /usr/bin/python3; without one it says it skipped and counts nothing.
. "$(dirname "$0")/lib.sh"

python=
for p in ${PYTHON:-} python3 /usr/bin/python3; do
    if "$p" -c 'import cffi, numpy' > /dev/null 2>&1; then
        python=$p
        break
    fi
done
if [ -z "$python" ]; then
    echo "python_library: skipped: no python3 with cffi and numpy (Debian: apt-get install python3-cffi python3-numpy)"
    summary
fi

for backend in c multicore; do
    mkdir -p "$T/$backend"
    check "weft $backend --python" "$WEFT" $backend --python examples/library/portfolio.fut -o "$T/$backend/portfolio" ||
        continue
    check "libportfolio.so built" [ -f "$T/$backend/libportfolio.so" ] || continue
    if (cd examples/library && PYTHONPATH="$T/$backend" PYTHONDONTWRITEBYTECODE=1 \
        "$python" -m unittest test_portfolio) > "$T/$backend.log" 2>&1; then
        pass
    else
        fail "test_portfolio.py on weft $backend: $(cat "$T/$backend.log")"
    fi
done
summary
