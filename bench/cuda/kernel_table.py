#!/usr/bin/env python3
"""kernel_table.py — the per-kernel tables of bench/cuda/finpar_profile.sh's results (issue 25).

For each dataset: the GPU regions of one entry call (from -P: launches and device time, divided
by the calls profiled) joined with Nsight Compute's counters of the same region's kernels
(averaged over the launches it profiled): DRAM bytes and f32/f64 operations per call, the rates
those give over -P's time, occupancy, registers per thread, and global sectors per request (1-4:
coalesced; 32: every thread of a warp touches its own sector).  Markdown on standard output.
    python3 bench/cuda/kernel_table.py build/finpar-profile [TOP]
"""
import collections
import csv
import os
import re
import sys

METRICS = {
    "dr": "dram__bytes_read.sum", "dw": "dram__bytes_write.sum",
    "dadd": "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum",
    "dmul": "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum",
    "dfma": "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum",
    "fadd": "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum",
    "fmul": "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum",
    "ffma": "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum",
    "ldsec": "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "ldreq": "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "stsec": "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "streq": "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
}
LAST = {"occ": "sm__warps_active.avg.pct_of_peak_sustained_active", "regs": "launch__registers_per_thread"}
UNITS = {"byte": 1, "Kbyte": 1e3, "KB": 1e3, "Mbyte": 1e6, "MB": 1e6, "Gbyte": 1e9, "GB": 1e9}


def number(text, unit):
    try:
        return float(text.replace(",", "")) * UNITS.get(unit, 1)
    except ValueError:
        return 0.0


def ncu_regions(path):
    """region -> summed counters, launches, kernel name (ncu's raw CSV page)."""
    regions = collections.defaultdict(lambda: collections.defaultdict(float))
    if not os.path.exists(path):
        return regions
    lines = open(path, errors="replace").read().splitlines()
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
    if start is None:
        return regions
    rows = list(csv.reader(lines[start:]))
    head, units = rows[0], rows[1]
    col = {k: head.index(v) for k, v in {**METRICS, **LAST}.items() if v in head}
    name = head.index("Kernel Name")
    for r in rows[2:]:
        m = re.search(r"seg_(\d+)", r[name])
        if not m:
            continue
        a = regions[int(m.group(1))]
        a["launches"] += 1
        a["kernel"] = re.match(r"(?:void )?(\w+)", r[name]).group(1)
        for k, i in col.items():
            v = number(r[i], units[i])
            a[k] = v if k in LAST else a[k] + v
    return regions


def profile(path):
    """region -> (source, launches per call, ms per call); the calls profiled."""
    text = open(path).read()
    m = re.search(r"calls: (\d+)", text)
    calls = int(m.group(1)) if m else 1
    out = {}
    for m in re.finditer(r"gpu region (\d+) \((\S+)\): (\d+) calls, ([\d.]+) ms", text):
        out[int(m.group(1))] = (m.group(2).split("/")[-1], int(m.group(3)) / calls, float(m.group(4)) / calls)
    return out


def table(d, prog, size, top):
    prof_path = os.path.join(d, f"prof-{prog}-{size}.txt")
    if not os.path.exists(prof_path):
        return
    prof = profile(prof_path)
    ncu = ncu_regions(os.path.join(d, f"ncu-{prog}-{size}.csv"))
    rows, flops, dram = [], 0.0, 0.0
    for reg, (src, launches, ms) in sorted(prof.items(), key=lambda kv: -kv[1][2]):
        k = ncu.get(reg)
        if not k:
            rows.append(f"| {reg} ({src}) | - | {launches:.0f} | {ms:.3f} | | | | | | | |")
            continue
        n = k["launches"]
        fl = (k["dadd"] + k["dmul"] + 2 * k["dfma"] + k["fadd"] + k["fmul"] + 2 * k["ffma"]) / n * launches
        by = (k["dr"] + k["dw"]) / n * launches
        flops, dram = flops + fl, dram + by
        secs = ms / 1e3
        ld = k["ldsec"] / k["ldreq"] if k["ldreq"] else 0
        st = k["stsec"] / k["streq"] if k["streq"] else 0
        rows.append(f"| {reg} ({src}) | {k['kernel']} | {launches:.0f} | {ms:.3f} | {by / 1e6:.1f} | "
                    f"{by / secs / 1e9:.0f} | {fl / 1e9:.3f} | {fl / secs / 1e9:.0f} | {k['occ']:.0f} | "
                    f"{k['regs']:.0f} | {ld:.1f}, {st:.1f} |")
    total = sum(v[2] for v in prof.values())
    launches = sum(v[1] for v in prof.values())
    print(f"**{prog} {size}**: {launches:.0f} launches and {total:.2f} ms of device time a call "
          f"(under -P, every launch timed); {flops / 1e9:.2f} GFLOP and {dram / 1e6:.0f} MB of DRAM "
          f"traffic a call in the regions ncu saw.\n")
    print("| region (source) | kernel | launches | ms | DRAM MB | GB/s | GFLOP | GFLOP/s | occupancy % | regs | sectors/request ld, st |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows[:top]:
        print(r)
    print()


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else "build/finpar-profile"
    top = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    for prog in ("optionpricing", "locvolcalib"):
        for size in ("small", "medium", "large"):
            table(d, prog, size, top)
    fp = os.path.join(d, "finpar.txt")
    if os.path.exists(fp):
        print("FinPar's OpenMP build (µs of its own timer):\n")
        for line in open(fp):
            print("    " + line.rstrip())


if __name__ == "__main__":
    main()
