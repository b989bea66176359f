// Draws the Grow app icons (a white sprout on a violet-to-orange tile) as PNGs, with Node built-ins only.
// Run: npm run icons  → public/icons/{icon-192,icon-512,maskable-192,maskable-512,apple-touch-icon,badge-96}.png
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const outDir = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(outDir, { recursive: true });

// ---- geometry in the 64×64 design space of components/ui/logo.tsx ----
const cubic = (p0, p1, p2, p3, steps = 48) => {
  const pts = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    pts.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
  return pts;
};
// Right leaf: M32 33 C32 19 41 11 53 11 C53 25 45 33 32 33 Z
const rightLeaf = [
  ...cubic([32, 33], [32, 19], [41, 11], [53, 11]),
  ...cubic([53, 11], [53, 25], [45, 33], [32, 33]),
];
// Left leaf: M32 39 C32 29 25 23 12 23 C12 33 19 39 32 39 Z
const leftLeaf = [
  ...cubic([32, 39], [32, 29], [25, 23], [12, 23]),
  ...cubic([12, 23], [12, 33], [19, 39], [32, 39]),
];

const bbox = (poly) => [
  Math.min(...poly.map((p) => p[0])),
  Math.min(...poly.map((p) => p[1])),
  Math.max(...poly.map((p) => p[0])),
  Math.max(...poly.map((p) => p[1])),
];
const boxes = new Map([rightLeaf, leftLeaf].map((poly) => [poly, bbox(poly)]));
const inPolygon = (x, y, poly) => {
  const [x0, y0, x1, y1] = boxes.get(poly);
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};
const inStem = (x, y) => {
  // capsule from (32,31) to (32,52), radius 2.5
  const cy = Math.min(52, Math.max(31, y));
  return (x - 32) ** 2 + (y - cy) ** 2 <= 2.5 ** 2;
};
const inRoundedRect = (x, y, size, r) => {
  const cx = Math.min(size - r, Math.max(r, x));
  const cy = Math.min(size - r, Math.max(r, y));
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
};

const violet = [0x6d, 0x28, 0xd9];
const orange = [0xf9, 0x73, 0x16];
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

/**
 * @param size   pixel size
 * @param opts   { rounded: corner radius in design units or 0 for full bleed, markScale: sprout scale (1 = as in the logo),
 *                 monochrome: the sprout alone, white on transparent (a notification badge: only its alpha is used) }
 */
function draw(size, { rounded, markScale, monochrome = false }) {
  const ss = 4; // 4×4 supersampling
  const px = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let pxl = 0; pxl < size; pxl++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          // design-space coordinates of this sub-sample
          const x = ((pxl + (sx + 0.5) / ss) / size) * 64;
          const y = ((py + (sy + 0.5) / ss) / size) * 64;
          if (rounded > 0 && !inRoundedRect(x, y, 64, rounded)) continue;
          // sprout, scaled about the centre
          const mx = 32 + (x - 32) / markScale;
          const my = 32 + (y - 32) / markScale;
          if (monochrome) {
            if (inStem(mx, my) || inPolygon(mx, my, rightLeaf) || inPolygon(mx, my, leftLeaf)) {
              r += 255;
              g += 255;
              b += 255;
              a += 255;
            }
            continue;
          }
          let c = mix(violet, orange, Math.min(1, Math.max(0, (x + y) / 128)));
          if (inStem(mx, my) || inPolygon(mx, my, rightLeaf)) c = [255, 255, 255];
          else if (inPolygon(mx, my, leftLeaf)) c = mix(c, [255, 255, 255], 0.85);
          r += c[0];
          g += c[1];
          b += c[2];
          a += 255;
        }
      }
      const n = ss * ss;
      const i = (py * size + pxl) * 4;
      const cover = a / n / 255;
      px[i] = cover ? Math.round(r / n / cover) : 0;
      px[i + 1] = cover ? Math.round(g / n / cover) : 0;
      px[i + 2] = cover ? Math.round(b / n / cover) : 0;
      px[i + 3] = Math.round(a / n);
    }
  }
  return png(size, size, px);
}

// ---- PNG encoding (RGBA, 8 bit) ----
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
function png(width, height, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const icons = [
  ['icon-192.png', 192, { rounded: 16, markScale: 1 }],
  ['icon-512.png', 512, { rounded: 16, markScale: 1 }],
  // Maskable: full bleed, sprout inside the 80 % safe zone.
  ['maskable-192.png', 192, { rounded: 0, markScale: 0.72 }],
  ['maskable-512.png', 512, { rounded: 0, markScale: 0.72 }],
  // iOS draws its own corners and needs no transparency.
  ['apple-touch-icon.png', 180, { rounded: 0, markScale: 0.85 }],
  // Android's status bar shows a notification's badge as a one-colour mask (public/sw.js).
  ['badge-96.png', 96, { rounded: 0, markScale: 1.3, monochrome: true }],
];
for (const [name, size, opts] of icons) {
  writeFileSync(outDir + name, draw(size, opts));
  console.log('wrote public/icons/' + name);
}
