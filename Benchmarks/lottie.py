#!/usr/bin/env python3
"""Cadence against rlottie and ThorVG on Lottie files, one core, in the same run.

    make bench-lottie FILES="Examples/lottie"      # sets up .build/lottie-venv, then runs this
    .build/lottie-venv/bin/python Benchmarks/lottie.py FILE_OR_FOLDER... [--size 512] [--frames 60] [--repeat 3] [--cpu 0] [--tsv out.tsv]

For each file, in turn: `Benchmarks/lottie_refs.py` (rlottie and ThorVG, pinned to --cpu) and
`cadence bench lottie --backend cpu` pinned to the same core with taskset; the order of the two
alternates from file to file. Prints frames/s per file, then the medians over the files and the
median of Cadence's ratio to the faster reference. Files a reference cannot render are counted
for the others. Needs a release build (`swift build -c release --product cadence`).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CADENCE = os.path.join(ROOT, '.build', 'release', 'cadence')
REF = os.path.join(ROOT, 'Benchmarks', 'lottie_refs.py')


def files_of(paths):
    found = []
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in os.walk(path):
                found += [os.path.join(folder, n) for n in sorted(names) if n.endswith('.json') and n != 'MANIFEST.json']
        else:
            found.append(path)
    return sorted(found)


def references(path, a):
    cmd = [sys.executable, a.ref, os.path.abspath(path), '--size', str(a.size), '--frames', str(a.frames),
           '--repeat', str(a.repeat), '--cpu', str(a.cpu)]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout).stdout
        row = json.loads(out.strip().splitlines()[-1])
        return row.get('rlottie_fps'), row.get('thorvg_fps')
    except Exception:
        return None, None


def cadence(path, a):
    cmd = ['taskset', '-c', str(a.cpu), a.cadence, 'bench', 'lottie', path, '--size', str(a.size),
           '--frames', str(a.frames), '--repeat', str(a.repeat), '--backend', 'cpu', '--json']
    env = dict(os.environ, CADENCE_RASTER_THREADS='1')
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout, env=env).stdout
        return json.loads(out)['files'][0]['fps']
    except Exception:
        return None


def main():
    p = argparse.ArgumentParser()
    p.add_argument('paths', nargs='+')
    p.add_argument('--size', type=int, default=512)
    p.add_argument('--frames', type=int, default=60)
    p.add_argument('--repeat', type=int, default=3)
    p.add_argument('--cpu', type=int, default=0)
    p.add_argument('--timeout', type=int, default=120)
    p.add_argument('--tsv')
    p.add_argument('--cadence', default=CADENCE)
    p.add_argument('--ref', default=REF)
    a = p.parse_args()
    rows = []
    for index, path in enumerate(files_of(a.paths)):
        if index % 2 == 0:
            r, t = references(path, a)
            c = cadence(path, a)
        else:
            c = cadence(path, a)
            r, t = references(path, a)
        fastest = max([v for v in (r, t) if v] or [0]) or None
        ratio = c / fastest if c and fastest else None
        rows.append((path, r, t, c, ratio))
        print('%-60s rlottie %9s  thorvg %9s  cadence %9s  cadence/faster %s' % (
            os.path.basename(path)[:60], r, t, c, '%.2f' % ratio if ratio else '-'), flush=True)
    if a.tsv:
        with open(a.tsv, 'w') as f:
            f.write('file\trlottie_fps\tthorvg_fps\tcadence_fps\tcadence_over_faster\n')
            for row in rows:
                f.write('\t'.join('' if v is None else str(v) for v in row) + '\n')

    def median(values):
        values = [v for v in values if v]
        return statistics.median(values) if values else None
    print('files: %d; median frames/s: rlottie %s, thorvg %s, cadence %s; median cadence / faster reference: %s; '
          'cadence at least the faster on %d of %d' % (
              len(rows), median(r[1] for r in rows), median(r[2] for r in rows), median(r[3] for r in rows),
              median(r[4] for r in rows), sum(1 for r in rows if r[4] and r[4] >= 1), sum(1 for r in rows if r[4])))


if __name__ == '__main__':
    main()
