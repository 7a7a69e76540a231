"""PNG reading and writing for the project's Python scripts (check-expectations, compare-png).

One decoder, so that every script reads a PNG the same way: RGB, every pixel composited over
black (the preview is expected to paint every pixel, so alpha should not matter). Needs only
Python 3; with numpy and Pillow present, decoding is faster and the image holds a numpy array.
PNGIMAGE_PURE_PYTHON=1 forces the dependency-free path (a test hook).
"""
import io
import os
import struct
import zlib

try:
    import numpy as np
except Exception:  # pragma: no cover
    np = None
try:
    from PIL import Image
except Exception:  # pragma: no cover
    Image = None
if os.environ.get("PNGIMAGE_PURE_PYTHON"):
    np = Image = None

SIGNATURE = b"\x89PNG\r\n\x1a\n"


class Img:
    """RGB image: width, height and either a numpy array (h x w x 3, int16) or rows of bytes (3 per pixel)."""

    def __init__(self, w, h, arr=None, rows=None):
        self.w, self.h, self.arr, self.rows = w, h, arr, rows

    def pixel(self, x, y):
        """(r, g, b) at (x, y), or None outside the image."""
        if not (0 <= x < self.w and 0 <= y < self.h):
            return None
        if self.arr is not None:
            return tuple(int(v) for v in self.arr[y, x])
        r = self.rows[y]
        return (r[3 * x], r[3 * x + 1], r[3 * x + 2])


def composite_rgb(r, g, b, a):
    """Straight RGBA over black."""
    return (r * a // 255, g * a // 255, b * a // 255)


def _chunks(data):
    pos = 8
    while pos + 8 <= len(data):
        ln = struct.unpack(">I", data[pos:pos + 4])[0]
        yield data[pos + 4:pos + 8], data[pos + 8:pos + 8 + ln]
        pos += 12 + ln


def _unfilter(raw, h, stride, bpp):
    """The scanlines of the decompressed image data, PNG filters undone."""
    prev = bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((a + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pr) & 255
        prev = line
        yield line


def _palette_row(line, w, depth, plte, trns):
    if depth != 8:
        idx = []
        for byte in line:
            for k in range(8 // depth):
                idx.append((byte >> (8 - depth * (k + 1))) & ((1 << depth) - 1))
    else:
        idx = line
    out = bytearray(3 * w)
    for x in range(w):
        i = idx[x]
        r, g, b = (plte[3 * i:3 * i + 3] if plte and 3 * i + 3 <= len(plte) else b"\0\0\0")
        a = trns[i] if trns and i < len(trns) else 255
        out[3 * x:3 * x + 3] = bytes(composite_rgb(r, g, b, a))
    return out


def _direct_row(line, w, ctype, ch, depth):
    step = depth // 8   # 16-bit samples: the high byte
    out = bytearray(3 * w)
    for x in range(w):
        base = x * ch * step
        vals = [line[base + k * step] for k in range(ch)]
        if ctype == 0:
            r = g = b = vals[0]
            a = 255
        elif ctype == 4:
            r = g = b = vals[0]
            a = vals[1]
        elif ctype == 2:
            r, g, b = vals
            a = 255
        else:
            r, g, b, a = vals
        out[3 * x:3 * x + 3] = bytes(composite_rgb(r, g, b, a))
    return out


def decode_png_pure(data):
    """An Img with rows, from PNG bytes, in pure Python (non-interlaced; 8/16-bit or palette)."""
    if data[:8] != SIGNATURE:
        raise ValueError("not a PNG")
    idat, plte, trns = [], None, None
    w = h = depth = ctype = interlace = None
    for typ, body in _chunks(data):
        if typ == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif typ == b"IDAT":
            idat.append(body)
        elif typ == b"PLTE":
            plte = body
        elif typ == b"tRNS":
            trns = body
        elif typ == b"IEND":
            break
    if w is None:
        raise ValueError("no IHDR chunk")
    if interlace:
        raise ValueError("interlaced PNG not supported without Pillow")
    if depth not in (8, 16) and ctype != 3:
        raise ValueError("bit depth %d not supported without Pillow" % depth)
    if ctype not in (0, 2, 3, 4, 6):
        raise ValueError("colour type %d unknown" % ctype)
    ch = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    bpp = max(1, ch * depth // 8)
    stride = (w * ch * depth + 7) // 8
    raw = zlib.decompress(b"".join(idat))
    if len(raw) < h * (stride + 1):
        raise ValueError("truncated image data")
    rows = []
    for line in _unfilter(raw, h, stride, bpp):
        row = _palette_row(line, w, depth, plte, trns) if ctype == 3 else _direct_row(line, w, ctype, ch, depth)
        rows.append(bytes(row))
    return Img(w, h, rows=rows)


def load_png(path):
    """The PNG at `path` as an Img (a numpy array when numpy is present, else rows)."""
    with open(path, "rb") as f:
        data = f.read()
    if Image is not None and np is not None:
        im = Image.open(io.BytesIO(data))
        im.load()
        if im.mode not in ("RGB", "RGBA"):
            im = im.convert("RGBA")
        a = np.asarray(im).astype(np.int32)
        if a.shape[2] == 4:
            alpha = a[:, :, 3:4]
            a = a[:, :, :3] * alpha // 255
        return Img(a.shape[1], a.shape[0], arr=a[:, :, :3].astype(np.int16))
    img = decode_png_pure(data)
    if np is not None:
        arr = np.frombuffer(b"".join(img.rows), dtype=np.uint8).reshape(img.h, img.w, 3).astype(np.int16)
        return Img(img.w, img.h, arr=arr)
    return img


def png_dims(path):
    """(width, height) from the IHDR of the file at `path`, or None when it is not a PNG."""
    with open(path, "rb") as f:
        d = f.read(24)
    if len(d) < 24 or d[:8] != SIGNATURE or d[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", d[16:24])


def write_png_rgb(path, w, h, rows):
    """Writes an 8-bit RGB PNG; `rows` are h byte strings of 3 * w bytes."""
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(SIGNATURE + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
