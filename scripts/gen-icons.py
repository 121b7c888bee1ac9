#!/usr/bin/env python3
"""Draw the 裁判助手 app icons (stdlib only: zlib + struct).

The emblem: a referee's yellow and red card, fanned over a navy tile, with a
white scoreboard tick on the front card.  Writes public/icons/icon-192.png,
icon-512.png (rounded tile, transparent corners, purpose "any") and
icon-maskable-512.png (full-bleed tile, emblem inside the 80 % safe circle).

Run once: `python3 scripts/gen-icons.py`; the PNGs are committed.
"""
import math
import os
import struct
import zlib

NAVY = (20, 33, 61)
YELLOW = (255, 199, 44)
RED = (214, 40, 57)
WHITE = (255, 255, 255)
SS = 4  # supersampling per axis


def rounded_rect(px, py, cx, cy, hw, hh, r, angle):
    """Is (px, py) inside a rect centred at (cx, cy), half sizes hw/hh, corner radius r, rotated by angle?"""
    c, s = math.cos(-angle), math.sin(-angle)
    dx, dy = px - cx, py - cy
    x, y = abs(dx * c - dy * s), abs(dx * s + dy * c)
    if x > hw or y > hh:
        return False
    if x <= hw - r or y <= hh - r:
        return True
    return (x - (hw - r)) ** 2 + (y - (hh - r)) ** 2 <= r * r


def tick(px, py, cx, cy, size, angle, width):
    """A check mark (two thick segments) centred near (cx, cy)."""
    c, s = math.cos(-angle), math.sin(-angle)
    dx, dy = px - cx, py - cy
    x, y = dx * c - dy * s, dx * s + dy * c
    pts = [(-0.45 * size, 0.0), (-0.12 * size, 0.33 * size), (0.5 * size, -0.35 * size)]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        vx, vy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)))
        qx, qy = ax + t * vx - x, ay + t * vy - y
        if qx * qx + qy * qy <= (width / 2) ** 2:
            return True
    return False


def render(size, maskable):
    """Return rows of RGBA bytes."""
    # Geometry in a unit square [0, 1]; the emblem shrinks for the maskable safe zone.
    k = 0.78 if maskable else 1.0
    tile_r = 0.0 if maskable else 0.2

    def shade(u, v):
        if not maskable and not rounded_rect(u, v, 0.5, 0.5, 0.5, 0.5, tile_r, 0.0):
            return None
        colour = NAVY
        eu, ev = 0.5 + (u - 0.5) / k, 0.5 + (v - 0.5) / k  # emblem coordinates
        if rounded_rect(eu, ev, 0.40, 0.50, 0.17, 0.25, 0.035, math.radians(-14)):
            colour = YELLOW
        if rounded_rect(eu, ev, 0.60, 0.52, 0.17, 0.25, 0.035, math.radians(12)):
            colour = RED
        if tick(eu, ev, 0.605, 0.53, 0.19, math.radians(12), 0.055):
            colour = WHITE
        return colour

    rows = []
    n = SS * SS
    for j in range(size):
        row = bytearray([0])  # filter type None
        for i in range(size):
            acc = [0, 0, 0, 0]
            for sj in range(SS):
                for si in range(SS):
                    u = (i + (si + 0.5) / SS) / size
                    v = (j + (sj + 0.5) / SS) / size
                    col = shade(u, v)
                    if col is not None:
                        acc[0] += col[0]
                        acc[1] += col[1]
                        acc[2] += col[2]
                        acc[3] += 255
            a = acc[3] // n
            if a:
                cov = acc[3] / 255
                row += bytes([round(acc[0] / cov), round(acc[1] / cov), round(acc[2] / cov), a])
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return rows


def png(size, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public", "icons")
    os.makedirs(out, exist_ok=True)
    for name, size, maskable in [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
    ]:
        path = os.path.join(out, name)
        with open(path, "wb") as f:
            f.write(png(size, render(size, maskable)))
        print(f"wrote {os.path.normpath(path)} ({os.path.getsize(path)} bytes)")


if __name__ == "__main__":
    main()
