#!/bin/sh
# nvcc_cache.sh — nvcc with a cache of what it built, keyed by its arguments (less the output
# name) and the contents of its .c/.cu sources, for device time: programs are built on this
# machine (nvcc needs no GPU), the cache folder travels to the GPU machine, and there weft cuda
# and weft test find each executable already built.
#   WEFT_NVCC="sh bench/cuda/nvcc_cache.sh nvcc -O3" NVCC_CACHE=DIR bin/weft cuda PROG.fut
# A hit copies the cached executable (xz-compressed) to the output; a miss runs the command and
# stores its output.  Without NVCC_CACHE it is the command itself.
[ -n "${NVCC_CACHE:-}" ] || exec "$@"
out= prev= key=
for a in "$@"; do
    if [ "$prev" = -o ]; then
        out=$a
    else
        case $a in
        *.c | *.cu) key="$key $(sha256sum < "$a")" ;; # the contents, whatever the name
        *) key="$key $a" ;;
        esac
    fi
    prev=$a
done
[ -n "$out" ] || exec "$@"
hash=$(printf '%s' "$key" | sha256sum | cut -c1-32)
cached=$NVCC_CACHE/$hash.xz
if [ -f "$cached" ]; then
    xz -dc "$cached" > "$out" && chmod +x "$out" && exit 0
fi
"$@" || exit $?
# stored under a name of this process's first, then renamed: builds of one key may run at once
# (each stores the same bytes); a failure to store leaves the build itself good
tmp=$cached.$$.tmp
{ mkdir -p "$NVCC_CACHE" && xz -c -T1 "$out" > "$tmp" && mv "$tmp" "$cached"; } || rm -f "$tmp"
exit 0
