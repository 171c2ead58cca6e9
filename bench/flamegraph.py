#!/usr/bin/env python3
"""Draws a flame graph (SVG) from `perf script` output, with no other tool installed.

Usage:
  perf record -e cpu-clock -F 999 -g -p PIDS -o perf.data -- sleep 8
  perf script -i perf.data | bench/flamegraph.py --title "GCS, 4 node JVMs" > flame.svg

Java frames are named when each JVM ran with -XX:+PreserveFramePointer -XX:+UnlockDiagnosticVMOptions
-XX:+DumpPerfMapAtExit (perf then reads /tmp/perf-<pid>.map). Each stack is rooted at its thread name with
trailing numbers removed (gcs-loop-a1-1-1 -> gcs-loop-a1), so the widest boxes of the first row say which threads
burn the CPU; a box's width is its share of all samples. Options: --width PIXELS, --min-percent P (boxes narrower
than P % of the samples are left out), --title TEXT, --by-thread / --no-thread.
"""
import argparse
import html
import re
import sys
from collections import defaultdict

ROW_HEIGHT = 16
FONT_SIZE = 11
CHAR_WIDTH = 6.2


def simplify(frame):
    """Shortens a JIT frame: drops the return type and the parameter list, keeps Class.method."""
    frame = re.sub(r"\+0x[0-9a-f]+$", "", frame.strip())  # native symbols: the offset
    frame = re.sub(r"\(.*\)$", "", frame)
    parts = frame.split(" ")
    name = parts[-1] if parts else frame
    pieces = name.split(".")
    if len(pieces) > 2:
        name = ".".join(pieces[-2:])
    return name or "?"


def read_stacks(lines, by_thread):
    """Folds `perf script` records into {stack tuple: samples}; a stack is root first."""
    stacks = defaultdict(int)
    header = None
    frames = []

    def flush():
        if header is None:
            return
        stack = list(reversed(frames))
        if by_thread:
            stack.insert(0, header)
        if stack:
            stacks[tuple(stack)] += 1

    for raw in lines:
        line = raw.rstrip("\n")
        if not line.strip():
            flush()
            header, frames = None, []
            continue
        if not line.startswith((" ", "\t")):
            flush()
            # "comm pid/tid time: period event:" -- the thread name may contain spaces
            match = re.match(r"^(.*?)\s+\d+(/\d+)?\s+(\[\d+\]\s+)?[\d.]+:", line)
            comm = match.group(1).strip() if match else (line.split()[0] if line.split() else "?")
            header = re.sub(r"(-\d+)+$", "", comm.split(",")[0])
            frames = []
            continue
        fields = line.strip().split(" ", 1)
        if len(fields) == 2:
            symbol = re.sub(r"\s+\([^)]*\)$", "", fields[1])  # the " (dso)" suffix
            frames.append(simplify(symbol))
    flush()
    return stacks


def build_tree(stacks):
    root = {"name": "all", "value": 0, "children": {}}
    for stack, count in stacks.items():
        root["value"] += count
        node = root
        for frame in stack:
            child = node["children"].setdefault(frame, {"name": frame, "value": 0, "children": {}})
            child["value"] += count
            node = child
    return root


def color(name):
    h = sum(ord(c) for c in name)
    if name.startswith(("gcs", "org.gcs", "WanCodec", "NodeEngine")) or "gcs" in name.lower():
        return "rgb(%d,%d,%d)" % (80 + h % 60, 160 + h % 60, 90 + h % 40)      # GCS: green
    if "jgroups" in name.lower() or name.startswith(("NAKACK", "UNICAST", "TP.", "MFC", "UFC", "RELAY")):
        return "rgb(%d,%d,%d)" % (90 + h % 50, 130 + h % 50, 200 + h % 50)     # JGroups: blue
    if name.startswith(("[k]", "__", "do_", "sys_", "ip_", "udp_", "tcp_", "net_", "sock_")) or name.islower():
        return "rgb(%d,%d,%d)" % (230, 120 + h % 60, 60 + h % 40)              # kernel and native: orange
    return "rgb(%d,%d,%d)" % (220 + h % 35, 180 + h % 50, 60 + h % 40)         # JVM and JDK: yellow


def render(root, width, min_percent, title):
    total = max(1, root["value"])
    boxes = []
    depth_max = [0]

    def walk(node, x, depth):
        depth_max[0] = max(depth_max[0], depth)
        boxes.append((node, x, depth))
        cx = x
        for child in sorted(node["children"].values(), key=lambda c: -c["value"]):
            if child["value"] * 100.0 / total >= min_percent:
                walk(child, cx, depth + 1)
            cx += child["value"]

    walk(root, 0, 0)
    height = (depth_max[0] + 3) * ROW_HEIGHT
    scale = (width - 20) / total
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace" '
           'font-size="%d">' % (width, height, FONT_SIZE),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="10" y="14">%s (%d samples; width = share of samples; top row = threads)</text>'
           % (html.escape(title), total)]
    for node, x, depth in boxes:
        w = node["value"] * scale
        y = height - (depth + 1) * ROW_HEIGHT
        percent = node["value"] * 100.0 / total
        label = "%s (%.1f%%)" % (node["name"], percent)
        out.append('<g><title>%s</title><rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s" '
                   'stroke="white" stroke-width="0.5"/>' % (html.escape(label), 10 + x * scale, y, w,
                                                            ROW_HEIGHT - 1, color(node["name"])))
        fits = int(w / CHAR_WIDTH)
        if fits >= 4:
            text = label if len(label) <= fits else label[:fits - 2] + ".."
            out.append('<text x="%.1f" y="%d">%s</text>' % (12 + x * scale, y + ROW_HEIGHT - 4, html.escape(text)))
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--title", default="flame graph")
    parser.add_argument("--width", type=int, default=1600)
    parser.add_argument("--min-percent", type=float, default=0.3)
    parser.add_argument("--no-thread", dest="by_thread", action="store_false")
    args = parser.parse_args()
    stacks = read_stacks(sys.stdin, args.by_thread)
    if not stacks:
        sys.exit("no samples on standard input: pipe `perf script` output into this script")
    sys.stdout.write(render(build_tree(stacks), args.width, args.min_percent, args.title))


if __name__ == "__main__":
    main()
