#!/usr/bin/env python3
"""rlottie and ThorVG rendering one Lottie file on one core, timed as `cadence bench lottie` is.

    .build/lottie-venv/bin/python Benchmarks/lottie_refs.py FILE [--size 512] [--frames 60] [--repeat 3] [--cpu 0]

Prints one JSON line: {"file", "size", "rlottie_fps", "thorvg_fps"} (an "…_error" key instead
for a player that cannot load the file). The players are the Python bindings rlottie-python and
thorvg-python, which `make bench-lottie` installs into .build/lottie-venv. Each renders
`--frames` distinct frames spread over the animation into its own premultiplied buffer (no file
I/O, no encoding), after ten warm-up frames; the median of `--repeat` passes. The file's longest
side is fitted to `--size`, as Cadence's `--size N` does.
"""
import argparse
import ctypes
import json
import os
import statistics
import time


def composition(path):
    with open(path, 'rb') as f:
        doc = json.loads(f.read())
    ip, op = float(doc.get('ip', 0) or 0), float(doc.get('op', 0) or 0)
    return int(doc.get('w', 0) or 0), int(doc.get('h', 0) or 0), max(1, int(round(op - ip)))


def fitted(n, width, height):
    if width <= 0 or height <= 0:
        return n, n
    if width >= height:
        return n, max(1, int(round(n * height / width)))
    return max(1, int(round(n * width / height))), n


class Rlottie:
    def __init__(self, path, width, height):
        from rlottie_python import LottieAnimation
        # from_file: rlottie resolves image files against the file's folder.
        self.animation = LottieAnimation.from_file(os.path.abspath(path))
        if not self.animation.animation_p:
            raise RuntimeError('rlottie cannot load the file')
        self.render_frame = self.animation.rlottie_lib.lottie_animation_render
        self.render_frame.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_size_t]
        self.render_frame.restype = None
        self.pointer = ctypes.cast(self.animation.animation_p, ctypes.c_void_p)
        self.buffer = ctypes.create_string_buffer(width * height * 4)
        self.width, self.height = width, height

    def render(self, frame):
        self.render_frame(self.pointer, int(frame), self.buffer, self.width, self.height, self.width * 4)


class Thorvg:
    engine = None

    def __init__(self, path, width, height):
        import thorvg_python as tvg
        if Thorvg.engine is None:
            Thorvg.engine = tvg.Engine(threads=0)
        self.canvas = tvg.SwCanvas(Thorvg.engine)
        self.canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888)
        self.animation = tvg.LottieAnimation(Thorvg.engine)
        picture = self.animation.get_picture()
        if picture.load(os.path.abspath(path)) != tvg.Result.SUCCESS:
            raise RuntimeError('ThorVG cannot load the file')
        picture.set_size(width, height)
        self.canvas.add(picture)

    def render(self, frame):
        self.animation.set_frame(float(frame))
        self.canvas.update()
        self.canvas.draw(True)
        self.canvas.sync()


def timed(player, frames, count, repeat):
    # Distinct frames over the whole animation: a player may skip an unchanged frame.
    sequence = [int(i * frames / count) % frames for i in range(count)]
    for frame in sequence[:10]:
        player.render(frame)
    player.render((sequence[-1] + 1) % frames)
    passes = []
    for _ in range(repeat):
        start = time.perf_counter()
        for frame in sequence:
            player.render(frame)
        passes.append(len(sequence) / (time.perf_counter() - start))
    return round(statistics.median(passes), 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('file')
    parser.add_argument('--size', type=int, default=512)
    parser.add_argument('--frames', type=int, default=60)
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--cpu', type=int, default=0)
    a = parser.parse_args()
    # rlottie rasterises on a thread pool sized by the cores: one core for both.
    if a.cpu >= 0 and hasattr(os, 'sched_setaffinity'):
        os.sched_setaffinity(0, {a.cpu})
    width, height, frames = composition(a.file)
    width, height = fitted(a.size, width, height)
    row = {'file': a.file, 'size': '%dx%d' % (width, height)}
    for name, player in (('rlottie', Rlottie), ('thorvg', Thorvg)):
        try:
            row[name + '_fps'] = timed(player(a.file, width, height), frames, a.frames, a.repeat)
        except Exception as error:  # a player that cannot load or draw the file
            row[name + '_error'] = str(error)
    print(json.dumps(row))


if __name__ == '__main__':
    main()
