/**
 * Colors that read against a background, by WCAG 2's measure: relative
 * luminance of sRGB and the contrast ratio (L1 + 0.05) / (L2 + 0.05),
 * from 1 (the same) to 21 (black on white). WCAG asks 3:1 of the parts of
 * a graphic one must see to understand it (1.4.11, non-text contrast).
 *
 * `readableOn` moves a color's HSL lightness, keeping its hue and
 * saturation, just far enough to reach a ratio: up towards white on a dark
 * background, down towards black on a light one. The trees article draws
 * each channel as 32 + rand(224), so a tree may be #272239, all but
 * invisible on its black background; drawn through here it is a lighter
 * violet, still its tree's own hue.
 */

/** WCAG 2 relative luminance of 0xRRGGBB, 0 (black) to 1 (white). */
export function luminance(rgb: number): number {
  const linear = (byte: number): number => {
    const c = byte / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear((rgb >>> 16) & 255) + 0.7152 * linear((rgb >>> 8) & 255) + 0.0722 * linear(rgb & 255);
}

/** WCAG 2 contrast ratio of two colors, 1 to 21, whichever is lighter. */
export function contrastRatio(a: number, b: number): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** HSL of 0xRRGGBB: hue in degrees, saturation and lightness 0..1. */
function toHsl(rgb: number): [number, number, number] {
  const r = ((rgb >>> 16) & 255) / 255;
  const g = ((rgb >>> 8) & 255) / 255;
  const b = (rgb & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

/** 0xRRGGBB of an HSL color. */
function fromHsl(h: number, s: number, l: number): number {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const sector = Math.floor(h / 60) % 6;
  const [r, g, b] = [[c, x, 0], [x, c, 0], [0, c, x], [0, x, c], [x, 0, c], [c, 0, x]][sector]!;
  const byte = (v: number): number => Math.min(255, Math.max(0, Math.round((v + m) * 255)));
  return ((byte(r!) << 16) | (byte(g!) << 8) | byte(b!)) >>> 0;
}

/**
 * `rgb`, or the nearest color of its hue and saturation whose contrast with
 * `background` is at least `ratio`: lightness raised on a background that
 * white contrasts with more than black, lowered otherwise. A color that
 * already reads is kept as it is; where even white (or black) falls short
 * of the ratio, that extreme is the answer.
 */
export function readableOn(rgb: number, background: number, ratio: number): number {
  if (contrastRatio(rgb, background) >= ratio) return rgb;
  const lighten = contrastRatio(0xffffff, background) >= contrastRatio(0x000000, background);
  const [h, s, l] = toHsl(rgb);
  // Every channel grows with lightness (hue and saturation fixed), so the
  // contrast is monotonic between l and the extreme: bisect for the least move.
  let near = l;
  let far = lighten ? 1 : 0;
  if (contrastRatio(fromHsl(h, s, far), background) < ratio) return fromHsl(h, s, far);
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (contrastRatio(fromHsl(h, s, mid), background) >= ratio) far = mid;
    else near = mid;
  }
  return fromHsl(h, s, far);
}
