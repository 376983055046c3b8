#!/usr/bin/env python3
"""A batch of Lottie files rendered to PNG frames on every core: Cadence against rlottie and ThorVG.

    make bench-batch FILES="Examples/lottie"      # sets up .build/lottie-venv, then runs this
    .build/lottie-venv/bin/python Benchmarks/batch.py FILE_OR_FOLDER... [--size 512] [--frames 30] [--rounds 3]

Each round, in turn (the order alternating from round to round):
- Cadence: `cadence bench batch FILES --size S --frames 0..N-1 --json` (each file a render of its
  own, one per core at once, PNG frames written);
- rlottie and ThorVG (their Python bindings, as `Benchmarks/lottie_refs.py` uses them): one
  process per file (as Cadence's batch: a player that crashes on a file fails that file only),
  one per core at once, each loading its file and writing its frames as PNG files
  (zlib level 1, no filter, as Cadence's default PNG settings; their premultiplied pixels written
  as they are, where Cadence un-premultiplies), files handed out one at a time.
Prints files per hour and frames per second per core for each, the medians over the rounds, and
Cadence's ratio to the faster. Files a player cannot load count as failed for it.
"""
import argparse
import json
import concurrent.futures
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'Benchmarks'))
import lottie_refs  # noqa: E402  (Rlottie, Thorvg, composition, fitted)


def files_of(paths):
    found = []
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in os.walk(path):
                found += [os.path.join(folder, n) for n in sorted(names) if n.endswith('.json')]
        else:
            found.append(path)
    return sorted(found)


def png(path, width, height, rgba):
    """Writes premultiplied-or-not RGBA bytes as a PNG (filter none, zlib level 1)."""
    rows = b''.join(b'\x00' + rgba[y * width * 4:(y + 1) * width * 4] for y in range(height))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, 'wb') as f:
        f.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0))
                + chunk(b'IDAT', zlib.compress(rows, 1)) + chunk(b'IEND', b''))


def render_file(job):
    """One file by one player into `out`: (frames written, error or None)."""
    engine, path, size, count, out = job
    try:
        width, height, frames = lottie_refs.composition(path)
        width, height = lottie_refs.fitted(size, width, height)
        player = (lottie_refs.Rlottie if engine == 'rlottie' else lottie_refs.Thorvg)(path, width, height)
        os.makedirs(out, exist_ok=True)
        written = 0
        for frame in range(min(count, frames) if count > 0 else frames):
            player.render(frame)
            if engine == 'rlottie':
                raw = player.buffer.raw
                # rlottie draws BGRA: red and blue swapped as a PNG wants RGBA.
                data = bytearray(raw)
                data[0::4], data[2::4] = raw[2::4], raw[0::4]
            else:
                # ThorVG's ABGR8888 words are R, G, B, A bytes in memory.
                data = bytes(player.canvas.buffer_arr)
            png(os.path.join(out, 'frame_%05d.png' % frame), width, height, data)
            written += 1
        return written, None
    except Exception as error:  # a player that cannot load or draw the file
        return 0, str(error)


def peer(engine, files, size, count, cores, timeout):
    scratch = tempfile.mkdtemp(prefix='cadence-batch-%s-' % engine)
    try:
        def one(job):
            index, path = job
            command = [sys.executable, os.path.abspath(__file__), '--one', engine, path, str(size), str(count), os.path.join(scratch, str(index))]
            try:
                done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
                return json.loads(done.stdout) if done.returncode == 0 else [0, 'exit status %d' % done.returncode]
            except Exception as error:
                return [0, str(error)]
        start = time.perf_counter()
        with concurrent.futures.ThreadPoolExecutor(cores) as pool:
            results = list(pool.map(one, enumerate(files)))
        seconds = time.perf_counter() - start
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    frames = sum(r[0] for r in results)
    rendered = sum(1 for r in results if r[1] is None)
    failed = [path for path, r in zip(files, results) if r[1] is not None]
    return {'files': rendered, 'failed': len(files) - rendered, 'frames': frames, 'seconds': seconds, 'failures': failed}


def cadence(binary, files, size, count, timeout):
    listing = tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False)
    listing.write('\n'.join(os.path.abspath(f) for f in files) + '\n')
    listing.close()
    try:
        command = [binary, 'bench', 'batch', '--list', listing.name, '--size', '%dx%d' % (size, size), '--backend', 'cpu', '--file-timeout', '%g' % timeout, '--json']
        if count > 0:
            command += ['--frames', '0..%d' % (count - 1)]
        out = subprocess.run(command, capture_output=True, text=True).stdout
        report = json.loads(out)
    finally:
        os.unlink(listing.name)
    failed = [entry['file'] for entry in report['files'] if entry['status'] in ('failed', 'timed out')]
    return {'files': report['rendered'], 'failed': report['failed'], 'frames': report['frames'], 'seconds': report['seconds'], 'failures': failed}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == '--one':
        # One file by one player, in a process of its own: prints [frames written, error or null].
        engine, path, size, count, out = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
        print(json.dumps(list(render_file((engine, path, size, count, out)))))
        return
    parser = argparse.ArgumentParser()
    parser.add_argument('paths', nargs='+')
    parser.add_argument('--size', type=int, default=512)
    parser.add_argument('--frames', type=int, default=0, help='frames of each file: its first N (all when 0); a file shorter than N is rendered whole by every player')
    parser.add_argument('--rounds', type=int, default=3)
    parser.add_argument('--file-timeout', type=float, default=60, help='seconds a player may take on one file before it is ended and the file counted as failed')
    parser.add_argument('--cadence', default=os.path.join(ROOT, '.build', 'release', 'cadence'))
    a = parser.parse_args()
    files = files_of(a.paths)
    cores = os.cpu_count() or 1
    rows = {name: [] for name in ('cadence', 'rlottie', 'thorvg')}
    for round_ in range(a.rounds):
        order = ['cadence', 'rlottie', 'thorvg'] if round_ % 2 == 0 else ['thorvg', 'rlottie', 'cadence']
        for name in order:
            if name == 'cadence':
                rows[name].append(cadence(a.cadence, files, a.size, a.frames, a.file_timeout))
            else:
                rows[name].append(peer(name, files, a.size, a.frames, cores, a.file_timeout))
    print('%d files, %dx%d px, %s, %d cores, %d rounds (medians)' % (len(files), a.size, a.size, 'first %d frames each' % a.frames if a.frames else 'every frame', cores, a.rounds))
    print('%-8s %8s %8s %12s %16s' % ('player', 'files', 'failed', 'files/hour', 'frames/s/core'))
    summary = {}
    for name, runs in rows.items():
        per_hour = statistics.median(r['files'] * 3600 / r['seconds'] for r in runs)
        per_core = statistics.median(r['frames'] / r['seconds'] / cores for r in runs)
        summary[name] = per_core
        print('%-8s %8d %8d %12.0f %16.1f' % (name, runs[-1]['files'], runs[-1]['failed'], per_hour, per_core))
    for name, runs in rows.items():
        for path in runs[-1]['failures']:
            print('  %s failed: %s' % (name, path))
    faster = max(summary['rlottie'], summary['thorvg'])
    if faster > 0:
        print('Cadence / faster reference, frames/s/core: %.2f' % (summary['cadence'] / faster))


if __name__ == '__main__':
    main()
