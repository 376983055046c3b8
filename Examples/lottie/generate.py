#!/usr/bin/env python3
"""Writes the Lottie examples the docs use (this folder): small files made for Cadence's docs.

    python3 Examples/lottie/generate.py     # rewrites every file here, byte for byte the same

spinner.json  an arc that grows, shrinks and turns (trim paths on a stroked ellipse), one second
confetti.json twelve cards around a centre (a repeater), layer "Card", fill "Fill 1", marker "burst"
intro.json    a ball that slides in and out again: markers "intro" and "outro"
wave.json     three dots rising one after another, two seconds
sticker.tgs   spinner.json gzipped, as Telegram stores a sticker
pack.lottie   a dotLottie archive of "spin" (spinner.json) and "wave" (wave.json)
badge.json    a turning card and a ring whose colour ("accent") and turn ("spin") are slots
brand.json    slot values for badge.json (--slots)
themed.lottie a dotLottie 2 archive of badge.json with a theme "dark" setting its slots
"""
import gzip
import json
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
EASE = {"o": {"x": [0.33], "y": [0]}, "i": {"x": [0.67], "y": [1]}}


def static(value):
    return {"a": 0, "k": value}


def keys(*frames):
    """Animated property: (frame, value) pairs, eased in and out between them."""
    out = []
    for index, (t, value) in enumerate(frames):
        key = {"t": t, "s": value if isinstance(value, list) else [value]}
        if index < len(frames) - 1:
            key.update(EASE)
        out.append(key)
    return {"a": 1, "k": out}


def transform(position=(0, 0), rotation=static(0), opacity=static(100), scale=static([100, 100])):
    return {"ty": "tr", "nm": "Transform", "p": static(list(position)) if isinstance(position, tuple) else position,
            "a": static([0, 0]), "s": scale, "r": rotation, "o": opacity}


def layer(name, index, shapes, out_point, ks=None):
    return {"ty": 4, "nm": name, "ind": index, "ip": 0, "op": out_point, "st": 0, "ks": ks or {}, "shapes": shapes}


def document(name, layers, out_point, size=200, markers=None):
    doc = {"v": "5.7.4", "fr": 30, "ip": 0, "op": out_point, "w": size, "h": size, "nm": name, "assets": [], "layers": layers}
    if markers:
        doc["markers"] = [{"cm": cm, "tm": tm, "dr": dr} for cm, tm, dr in markers]
    return doc


def spinner():
    arc = {"ty": "gr", "nm": "Arc", "it": [
        {"ty": "el", "nm": "Ring", "p": static([0, 0]), "s": static([120, 120])},
        {"ty": "st", "nm": "Stroke 1", "c": static([0.2, 0.4, 0.9, 1]), "o": static(100), "w": static(12), "lc": 2, "lj": 2, "ml": 4},
        {"ty": "tm", "nm": "Trim", "s": keys((0, 0), (15, 0), (30, 90)), "e": keys((0, 5), (15, 95), (30, 95)),
         "o": static(0), "m": 1},
        transform((100, 100), rotation={"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [360]}]}),
    ]}
    return document("spinner", [layer("Spinner", 1, [arc], 30)], 30)


def confetti():
    card = {"ty": "gr", "nm": "Cards", "it": [
        {"ty": "rc", "nm": "Card shape", "p": static([0, -60]), "s": static([14, 30]), "r": static(4)},
        {"ty": "fl", "nm": "Fill 1", "c": static([0.98, 0.75, 0.2, 1]), "o": static(100), "r": 1},
        {"ty": "rp", "nm": "Repeater", "c": static(12), "o": static(0), "m": 1,
         "tr": {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(30),
                "so": static(100), "eo": static(30)}},
        transform((100, 100), rotation=keys((0, 0), (30, 120), (60, 180)), scale=keys((0, [40, 40]), (30, [110, 110]), (60, [100, 100]))),
    ]}
    return document("confetti", [layer("Card", 1, [card], 60)], 60, markers=[("burst", 0, 30), ("settle", 30, 30)])


def intro():
    ball = {"ty": "gr", "nm": "Ball", "it": [
        {"ty": "el", "nm": "Circle", "p": static([0, 0]), "s": static([50, 50])},
        {"ty": "fl", "nm": "Fill 1", "c": static([0.9, 0.25, 0.3, 1]), "o": static(100), "r": 1},
        transform(keys((0, [-40, 100]), (20, [100, 100]), (40, [100, 100]), (60, [240, 100]))),
    ]}
    return document("intro", [layer("Ball", 1, [ball], 60)], 60, markers=[("intro", 0, 30), ("outro", 30, 30)])


def wave():
    dots = []
    for index, x in enumerate((50, 100, 150)):
        start = index * 8
        dots.append({"ty": "gr", "nm": f"Dot {index + 1}", "it": [
            {"ty": "el", "nm": "Circle", "p": static([0, 0]), "s": static([30, 30])},
            {"ty": "fl", "nm": "Fill 1", "c": static([0.2, 0.7, 0.5, 1]), "o": static(100), "r": 1},
            transform(keys((start, [x, 120]), (start + 15, [x, 70]), (start + 30, [x, 120]), (60, [x, 120]))),
        ]})
    return document("wave", [layer("Dots", 1, dots, 60)], 60)


def badge():
    accent = static([0.2, 0.5, 0.9, 1])
    accent["sid"] = "accent"
    spin = {"a": 1, "k": [{"t": 0, "s": [0], **EASE}, {"t": 60, "s": [90]}], "sid": "spin"}
    card = {"ty": "gr", "nm": "Card", "it": [
        {"ty": "rc", "nm": "Body", "p": static([0, 0]), "s": static([80, 110]), "r": static(10)},
        {"ty": "fl", "nm": "Fill 1", "c": accent, "o": static(100), "r": 1},
        transform((70, 100), rotation=spin),
    ]}
    ring = {"ty": "gr", "nm": "Ring", "it": [
        {"ty": "el", "nm": "Circle", "p": static([0, 0]), "s": static([50, 50])},
        {"ty": "st", "nm": "Stroke 1", "c": dict(accent), "o": static(100), "w": static(6), "lc": 2, "lj": 2, "ml": 4},
        transform((150, 100)),
    ]}
    doc = document("badge", [layer("Badge", 1, [card, ring], 60)], 60)
    doc["slots"] = {"accent": {"p": static([0.2, 0.5, 0.9, 1])}}
    return doc


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def text(doc):
    return (json.dumps(doc, separators=(",", ":")) + "\n").encode()


def main():
    files = {"spinner.json": spinner(), "confetti.json": confetti(), "intro.json": intro(), "wave.json": wave()}
    for name, doc in files.items():
        write(name, text(doc))
    write("sticker.tgs", gzip.compress(text(files["spinner.json"]), mtime=0))
    path = os.path.join(HERE, "pack.lottie")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        entries = [("manifest.json", json.dumps({"version": "1", "animations": [{"id": "spin"}, {"id": "wave"}]}).encode()),
                   ("animations/spin.json", text(files["spinner.json"])), ("animations/wave.json", text(files["wave.json"]))]
        for entry, data in entries:
            archive.writestr(zipfile.ZipInfo(entry, date_time=(2026, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
    badge_doc = badge()
    write("badge.json", text(badge_doc))
    write("brand.json", text({"accent": [0.9, 0.3, 0.2, 1], "spin": 45}))
    theme = {"rules": [{"id": "accent", "type": "Color", "value": [0.95, 0.8, 0.3, 1]},
                       {"id": "spin", "type": "Scalar", "keyframes": [{"frame": 0, "value": 0}, {"frame": 60, "value": 360}]}]}
    with zipfile.ZipFile(os.path.join(HERE, "themed.lottie"), "w", zipfile.ZIP_DEFLATED) as archive:
        entries = [("manifest.json", json.dumps({"version": "2", "animations": [{"id": "badge"}], "themes": [{"id": "dark"}]}).encode()),
                   ("a/badge.json", text(badge_doc)), ("t/dark.json", text(theme))]
        for entry, data in entries:
            archive.writestr(zipfile.ZipInfo(entry, date_time=(2026, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)


if __name__ == "__main__":
    main()
