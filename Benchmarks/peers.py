#!/usr/bin/env python3
"""Cadence's CPU backend against the CPU 2D libraries a user would otherwise script, in one run.

`cadence bench lists` writes the display lists `cadence bench render` draws (the 1280x720 demo by
default: 300 frames at 60 fps of timeline); this script draws those same lists whole with Skia
(skia-python) and with Blend2D (blend2d-python, one thread), and runs `cadence bench render
--backend cpu --json`, in rounds interleaved, printing each round and the medians.

    make bench-peers                          # sets up .build/peers-venv, then runs this
    python3 Benchmarks/peers.py --rounds 3 --cadence .build/release/cadence

What the peers are given, and what they are not:
- their drawing objects (paths, round rectangles, text blobs, images) are made once, before the
  clock starts, and only the drawing is timed; Cadence's figures include making each frame's
  display list from the scene (about 0.04 ms a demo frame);
- they draw into their own premultiplied surface and nothing is read back; Cadence's whole-redraw
  figure ends with the frame in the straight-alpha image a sink receives;
- Skia draws every command as Cadence does (anti-aliased, blurred shadows and blurred paths through
  a normal blur mask filter, groups as save layers, masks as rotated rounded clips);
- blend2d-python offers no blur, no layers and no glyph runs: shadows and blurred paths are drawn
  sharp, groups only multiply the alpha of what they hold, masks are left out, and a glyph run is
  drawn as that many 'x' characters of its font. Blend2D does less work than the frame needs.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def draw_skia(frames, folder):
    import skia

    typefaces = {}
    images = {}

    def typeface(path, face):
        key = (path, face)
        if key not in typefaces:
            typefaces[key] = skia.Typeface.MakeFromFile(path, face)
        return typefaces[key]

    def color(c):
        return skia.Color4f(c[0], c[1], c[2], c[3])

    def matrix(t):
        return skia.Matrix.MakeAll(t[0], t[2], t[4], t[1], t[3], t[5], 0, 0, 1)

    def rrect(r, radius):
        return skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(*r), radius, radius)

    compiled = []
    for frame in frames:
        ops = []
        restores = []  # per open clip or group: how many restores its end takes
        for c in frame["commands"]:
            kind = c["type"]
            if kind == "roundedRect":
                fill = skia.Paint(AntiAlias=True, Color4f=color(c["fill"]))
                shape = rrect(c["rect"], c["radius"])
                stroke = None
                if c["strokeWidth"] > 0 and c["stroke"][3] > 0:
                    w = c["strokeWidth"]
                    x, y, width, height = c["rect"]
                    inner = rrect([x + w / 2, y + w / 2, width - w, height - w], max(c["radius"] - w / 2, 0))
                    stroke = (inner, skia.Paint(AntiAlias=True, Color4f=color(c["stroke"]), Style=skia.Paint.kStroke_Style, StrokeWidth=w))
                ops.append(("rrect", matrix(c["transform"]), shape, fill, stroke))
            elif kind == "line":
                paint = skia.Paint(AntiAlias=True, Color4f=color(c["color"]), StrokeWidth=c["width"], Style=skia.Paint.kStroke_Style)
                ops.append(("line", matrix(c["transform"]), c["from"], c["to"], paint))
            elif kind == "glyphs":
                font = skia.Font(typeface(c["font"], c["face"]), c["size"])
                font.setSubpixel(True)
                points = [skia.Point(c["positions"][i], c["positions"][i + 1]) for i in range(0, len(c["positions"]), 2)]
                builder = skia.TextBlobBuilder()
                builder.allocRunPos(font, c["glyphs"], points)
                ops.append(("text", matrix(c["transform"]), builder.make(), skia.Paint(AntiAlias=True, Color4f=color(c["color"]))))
            elif kind == "pushClip":
                ops.append(("clip", skia.Rect.MakeXYWH(*c["rect"])))
                restores.append(1)
            elif kind in ("popClip", "popGroup"):
                ops += [("restore",)] * (restores.pop() if restores else 0)
            elif kind == "image":
                if c["image"] not in images:
                    images[c["image"]] = skia.Image.open(os.path.join(folder, c["image"]))
                paint = skia.Paint(AntiAlias=True, Alphaf=c["alpha"])
                ops.append(("image", matrix(c["transform"]), images[c["image"]], skia.Rect.MakeXYWH(*c["source"]), skia.Rect.MakeXYWH(*c["rect"]), paint))
            elif kind == "path":
                path = skia.Path()
                for contour in c["contours"]:
                    path.addPoly([skia.Point(contour[i], contour[i + 1]) for i in range(0, len(contour), 2)], True)
                path.setFillType(skia.PathFillType.kEvenOdd if c["fillRule"] == "evenOdd" else skia.PathFillType.kWinding)
                paint = skia.Paint(AntiAlias=True, Color4f=color(c["color"]))
                if c["blur"] > 0:
                    paint.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, c["blur"]))
                ops.append(("path", path, paint))
            elif kind == "shadow":
                paint = skia.Paint(AntiAlias=True, Color4f=color(c["color"]))
                if c["blur"] > 0:
                    paint.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, c["blur"]))
                ops.append(("rrect", matrix(c["transform"]), rrect(c["rect"], c["radius"]), paint, None))
            elif kind == "pushGroup":
                mask = c["mask"]
                clip = (matrix(mask["transform"]), rrect(mask["rect"], mask["radius"])) if mask else None
                ops.append(("group", c["opacity"], clip))
                restores.append(2 if clip else 1)
        compiled.append((frame["width"], frame["height"], color(frame["background"]), ops))

    width, height = compiled[0][0], compiled[0][1]
    surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeN32Premul(width, height))
    canvas = surface.getCanvas()
    sampling = skia.SamplingOptions(skia.FilterMode.kLinear)

    def draw(frame):
        _, _, background, ops = frame
        canvas.clear(background)
        for op in ops:
            kind = op[0]
            if kind == "rrect":
                canvas.save()
                canvas.concat(op[1])
                canvas.drawRRect(op[2], op[3])
                if op[4]:
                    canvas.drawRRect(op[4][0], op[4][1])
                canvas.restore()
            elif kind == "text":
                canvas.save()
                canvas.concat(op[1])
                canvas.drawTextBlob(op[2], 0, 0, op[3])
                canvas.restore()
            elif kind == "line":
                canvas.save()
                canvas.concat(op[1])
                canvas.drawLine(op[2][0], op[2][1], op[3][0], op[3][1], op[4])
                canvas.restore()
            elif kind == "clip":
                canvas.save()
                canvas.clipRect(op[1], True)
            elif kind == "restore":
                canvas.restore()
            elif kind == "image":
                canvas.save()
                canvas.concat(op[1])
                canvas.drawImageRect(op[2], op[3], op[4], sampling, op[5])
                canvas.restore()
            elif kind == "path":
                canvas.drawPath(op[1], op[2])
            elif kind == "group":
                if op[2]:
                    canvas.save()
                    canvas.concat(op[2][0])
                    canvas.clipRRect(op[2][1], True)
                    canvas.resetMatrix()
                canvas.saveLayerAlpha(None, int(round(op[1] * 255)))
        surface.flushAndSubmit()

    return draw, compiled


def draw_blend2d(frames, folder):
    import blend2d as bl

    faces = {}
    fonts = {}
    images = {}

    def font(path, face, size):
        key = (path, face, size)
        if key not in fonts:
            if (path, face) not in faces:
                faces[(path, face)] = bl.BLFontFace.create_from_file(path, face)
            made = bl.BLFont()
            made.create_from_face(faces[(path, face)], size)
            fonts[key] = made
        return fonts[key]

    def rgba(c, alpha=1.0):
        return (int(round(c[0] * 255)), int(round(c[1] * 255)), int(round(c[2] * 255)), int(round(c[3] * alpha * 255)))

    def rounded(r, radius):
        path = bl.BLPath()
        if radius > 0:
            path.add_round_rect(bl.BLRect(*r), radius)
        else:
            path.add_rect(bl.BLRect(*r))
        return path

    compiled = []
    for frame in frames:
        ops = []
        for c in frame["commands"]:
            kind = c["type"]
            if kind in ("roundedRect", "shadow"):
                color = c["fill"] if kind == "roundedRect" else c["color"]
                stroke = None
                if kind == "roundedRect" and c["strokeWidth"] > 0 and c["stroke"][3] > 0:
                    w = c["strokeWidth"]
                    x, y, width, height = c["rect"]
                    stroke = (rounded([x + w / 2, y + w / 2, width - w, height - w], max(c["radius"] - w / 2, 0)), c["stroke"], w)
                ops.append(("fill", bl.Matrix2D(*c["transform"]), rounded(c["rect"], c["radius"]), color, stroke))
            elif kind == "line":
                path = bl.BLPath()
                path.move_to(*c["from"])
                path.line_to(*c["to"])
                ops.append(("stroke", bl.Matrix2D(*c["transform"]), path, c["color"], c["width"]))
            elif kind == "glyphs":
                ops.append(("text", bl.Matrix2D(*c["transform"]), font(c["font"], c["face"], float(c["size"])),
                            bl.BLPoint(c["positions"][0], c["positions"][1]), "x" * len(c["glyphs"]), c["color"]))
            elif kind == "pushClip":
                ops.append(("clip", bl.BLRect(*c["rect"])))
            elif kind == "popClip":
                ops.append(("unclip",))
            elif kind == "image":
                if c["image"] not in images:
                    image = bl.BLImage()
                    image.readFromFile(os.path.join(folder, c["image"]))
                    images[c["image"]] = image
                image = images[c["image"]]
                scaled = bl.BLImage()
                scaled.readFromFile(os.path.join(folder, c["image"]))
                x, y, w, h = c["rect"]
                if int(w) != image.width or int(h) != image.height:
                    scaled.scaleToSize(max(int(w), 1), max(int(h), 1))
                ops.append(("image", bl.Matrix2D(*c["transform"]), bl.BLPoint(x, y), scaled))
            elif kind == "path":
                path = bl.BLPath()
                for contour in c["contours"]:
                    path.move_to(contour[0], contour[1])
                    for i in range(2, len(contour), 2):
                        path.line_to(contour[i], contour[i + 1])
                    path.close()
                ops.append(("fill", bl.Matrix2D(1, 0, 0, 1, 0, 0), path, c["color"], None))
            elif kind == "pushGroup":
                ops.append(("alpha", c["opacity"]))
            elif kind == "popGroup":
                ops.append(("unalpha",))
        compiled.append((frame["width"], frame["height"], frame["background"], ops))

    width, height = compiled[0][0], compiled[0][1]
    target = bl.BLImage()
    target.create(width, height)
    context = bl.BLContext(target)

    def draw(frame):
        _, _, background, ops = frame
        alphas = [1.0]
        context.reset_transform()
        context.set_fill_style(rgba(background))
        context.fill_all()
        for op in ops:
            kind = op[0]
            if kind == "fill":
                context.save()
                context.transform(op[1])
                context.set_fill_style(rgba(op[3], alphas[-1]))
                context.fill_path(op[2])
                if op[4]:
                    context.stroke_width = op[4][2]
                    context.set_stroke_style(rgba(op[4][1], alphas[-1]))
                    context.stroke_path(op[4][0])
                context.restore()
            elif kind == "stroke":
                context.save()
                context.transform(op[1])
                context.stroke_width = op[4]
                context.set_stroke_style(rgba(op[3], alphas[-1]))
                context.stroke_path(op[2])
                context.restore()
            elif kind == "text":
                context.save()
                context.transform(op[1])
                context.set_fill_style(rgba(op[5], alphas[-1]))
                context.fill_text(op[3], op[2], op[4])
                context.restore()
            elif kind == "clip":
                context.save()
                context.clip_to_rect(op[1])
            elif kind == "unclip":
                context.restore()
            elif kind == "image":
                context.save()
                context.transform(op[1])
                context.global_alpha = alphas[-1]
                context.blit_image(op[2], op[3])
                context.restore()
            elif kind == "alpha":
                alphas.append(alphas[-1] * op[1])
            elif kind == "unalpha":
                alphas.pop()
        context.flush()

    return draw, compiled


def time_peer(draw, compiled, count):
    for frame in compiled[:10]:
        draw(frame)
    start = time.perf_counter()
    for index in range(count):
        draw(compiled[index % len(compiled)])
    return count / (time.perf_counter() - start)


def time_cadence(cadence, scene, frames, size):
    command = [cadence, "bench", "render", "--backend", "cpu", "--frames", str(frames), "--json"]
    if scene:
        command += ["--scene", scene]
    if size:
        command += ["--size", size]
    result = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    return result["render_fps"], result["full_redraw_fps"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cadence", default=".build/release/cadence", help="the cadence binary (default: .build/release/cadence)")
    parser.add_argument("--scene", help="as cadence bench render --scene (default: the demo)")
    parser.add_argument("--frames", type=int, default=300, help="frames per measurement (default: 300)")
    parser.add_argument("--size", help="WxH, as cadence bench render --size")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each timing every party once (default: 3)")
    args = parser.parse_args()
    if args.frames < 1 or args.rounds < 1:
        sys.exit("peers.py: --frames and --rounds must be at least 1")

    with tempfile.TemporaryDirectory(prefix="cadence-peers-") as folder:
        command = [args.cadence, "bench", "lists", "--frames", str(args.frames), "--out", folder]
        if args.scene:
            command += ["--scene", args.scene]
        if args.size:
            command += ["--size", args.size]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(folder, "lists.json")) as file:
            frames = json.load(file)["frames"]
        peers = []
        for name, make in (("Skia (CPU)", draw_skia), ("Blend2D (one thread)", draw_blend2d)):
            try:
                peers.append((name, *make(frames, folder)))
            except ImportError as error:
                print(f"{name}: not installed ({error}); make bench-peers sets it up", file=sys.stderr)

        results = {"Cadence cpu, damage": [], "Cadence cpu, whole redraw": []}
        for name, _, _ in peers:
            results[name + ", whole redraw"] = []
        for round_number in range(1, args.rounds + 1):
            damage, whole = time_cadence(args.cadence, args.scene, args.frames, args.size)
            results["Cadence cpu, damage"].append(damage)
            results["Cadence cpu, whole redraw"].append(whole)
            for name, draw, compiled in peers:
                results[name + ", whole redraw"].append(time_peer(draw, compiled, args.frames))
            print(f"round {round_number}: " + "; ".join(f"{name} {values[-1]:,.0f}" for name, values in results.items()), flush=True)
        print(f"\nframes/s, {args.frames} frames of {args.scene or 'the demo'} a measurement, median of {args.rounds} interleaved rounds:")
        for name, values in results.items():
            print(f"  {name:<36} {statistics.median(values):>9,.0f}   ({', '.join(f'{v:,.0f}' for v in values)})")


if __name__ == "__main__":
    main()
