# shellcheck shell=sh
# common.sh — the settings the GPU benchmark scripts share (sourced from the repository root by
# bench/cuda/run.sh and hist.sh): WEFT, N (2^28), RUNS (10), ARCH (sm_90), OUT (BUILD/bench-cuda,
# created); shows the GPU.
WEFT=${WEFT:-bin/weft}
N=${N:-268435456}
RUNS=${RUNS:-10}
ARCH=${ARCH:-sm_90}
OUT=${BUILD:-build}/bench-cuda
mkdir -p "$OUT"
nvidia-smi -L
