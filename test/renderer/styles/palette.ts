// Reads the renderer's stylesheets the way the contrast test needs them: the palette's tokens in light and dark
// (theme.css writes each as light-dark(light, dark)), every rule's declarations, and colours as sRGB with alpha.
// WCAG 2.1's relative luminance and contrast ratio are a few lines of arithmetic, written out here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import postcss from 'postcss';

export type Scheme = 'light' | 'dark';
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export const STYLE_ROOT = join(process.cwd(), 'renderer');
export const THEME_FILE = join(STYLE_ROOT, 'styles', 'theme.css');

export function styleFiles(): string[] {
  return readdirSync(STYLE_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .map((name) => join(STYLE_ROOT, name))
    .sort();
}

export interface StyleRule {
  file: string;
  selector: string;
  decls: Map<string, string>;
}

/** Every rule of every stylesheet with its declarations (the last one of a property wins, as in CSS). */
export function styleRules(files = styleFiles()): StyleRule[] {
  const rules: StyleRule[] = [];
  for (const file of files) {
    const root = postcss.parse(readFileSync(file, 'utf8'), { from: file });
    root.walkRules((rule) => {
      const decls = new Map<string, string>();
      rule.each((node) => {
        if (node.type === 'decl') decls.set(node.prop, node.value);
      });
      rules.push({ file: relative(process.cwd(), file), selector: rule.selector, decls });
    });
  }
  return rules;
}

/** The palette: every custom property declared in theme.css's :root, as written. */
export function paletteSource(): Map<string, string> {
  const tokens = new Map<string, string>();
  postcss.parse(readFileSync(THEME_FILE, 'utf8')).walkRules(':root', (rule) => {
    rule.walkDecls(/^--/, (decl) => {
      tokens.set(decl.prop.slice(2), decl.value);
    });
  });
  return tokens;
}

/** Splits at top-level commas (not those inside parentheses). */
function splitTop(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts;
}

/** A value with light-dark() chosen for the scheme and every var() replaced by the token's value. */
export function resolve(value: string, scheme: Scheme, tokens = paletteSource(), depth = 0): string {
  if (depth > 10) throw new Error(`token cycle in ${value}`);
  let out = value;
  for (;;) {
    const at = out.indexOf('light-dark(');
    if (at < 0) break;
    let depthP = 0;
    let end = at + 'light-dark('.length - 1;
    for (; end < out.length; end += 1) {
      if (out[end] === '(') depthP += 1;
      else if (out[end] === ')') {
        depthP -= 1;
        if (depthP === 0) break;
      }
    }
    const [light, dark] = splitTop(out.slice(at + 'light-dark('.length, end));
    out = out.slice(0, at) + (scheme === 'light' ? light : dark) + out.slice(end + 1);
  }
  return out.replace(/var\(--([\w-]+)\)/g, (_, name: string) => {
    const token = tokens.get(name);
    if (token === undefined) throw new Error(`var(--${name}) is not a palette token`);
    return resolve(token, scheme, tokens, depth + 1);
  });
}

const HEX = /^#([0-9a-f]{3,8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*(?:[/,]\s*([\d.]+)(%?))?\s*\)$/i;

/** An opaque or translucent sRGB colour, or null for anything else (a gradient, currentColor, none). */
export function parseColour(value: string): Rgba | null {
  const v = value.trim().toLowerCase();
  if (v === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = HEX.exec(v);
  if (hex) {
    let h = hex[1] ?? '';
    if (h.length <= 4) h = [...h].map((c) => c + c).join('');
    const n = (i: number): number => parseInt(h.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
  }
  const rgb = RGB.exec(v);
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] === '%' ? 100 : 1);
    return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: alpha };
  }
  return null;
}

/** The colour stops of a gradient (or the one colour of a plain value). */
export function colourStops(value: string): Rgba[] {
  const found = value.match(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)|\btransparent\b/gi) ?? [];
  return found.map((c) => parseColour(c)).filter((c): c is Rgba => c !== null);
}

/** A translucent colour laid over an opaque one. */
export function over(top: Rgba, under: Rgba): Rgba {
  const mix = (a: number, b: number): number => a * top.a + b * (1 - top.a);
  return { r: mix(top.r, under.r), g: mix(top.g, under.g), b: mix(top.b, under.b), a: 1 };
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2.1 contrast ratio of two opaque colours, 1 to 21. */
export function contrast(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Where text with no background of its own may land: every surface of the app. */
export const SURFACES = ['bg', 'bg-elevated', 'bg-sunken', 'bg-hover', 'sidebar-bg', 'accent-soft'] as const;
/** Text that belongs on one backdrop: on-accent on the accent fills, on-media on the scrim laid over media. */
export const BACKDROPS: Record<string, string[]> = {
  'on-accent': ['accent', 'gradient'],
  'on-danger': ['danger'],
  'on-media': ['media-scrim', 'media-art-image', 'media-art-video', 'hero'],
};
/** Non-text colours a person must see to find a control (WCAG 1.4.11): 3:1 against every surface. */
export const CONTROL_TOKENS = ['accent', 'border-control', 'focus-ring'] as const;

const SKIP = new Set(['inherit', 'transparent', 'currentcolor', 'none', 'unset', 'initial']);

export interface PairFailure {
  where: string;
  scheme: Scheme;
  text: string;
  background: string;
  ratio: number;
  needed: number;
}

function backgroundsOf(value: string, scheme: Scheme, tokens: Map<string, string>): Rgba[] {
  const white: Rgba = { r: 255, g: 255, b: 255, a: 1 };
  const black: Rgba = { r: 0, g: 0, b: 0, a: 1 };
  // A translucent backdrop (a scrim over a picture) is judged over both extremes of what may lie under it.
  return colourStops(resolve(value, scheme, tokens))
    .filter((c) => c.a > 0)
    .flatMap((c) => (c.a >= 1 ? [c] : [over(c, white), over(c, black)]));
}

function largeText(decls: Map<string, string>): boolean {
  const size = Number(/^([\d.]+)px$/.exec(decls.get('font-size') ?? '')?.[1] ?? 0);
  const bold = Number(decls.get('font-weight') ?? 400) >= 700 || decls.get('font-weight') === 'bold';
  return size >= 24 || (bold && size >= 18.66);
}

/** Every text/background pair the rules use that falls short of WCAG 2.1 AA, in light and in dark. */
export function contrastFailures(rules: StyleRule[], tokens = paletteSource()): PairFailure[] {
  const failures: PairFailure[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    for (const rule of rules) {
      const colour = rule.decls.get('color');
      if (colour === undefined || SKIP.has(colour.toLowerCase())) continue;
      const fg = parseColour(resolve(colour, scheme, tokens));
      if (!fg) throw new Error(`${rule.file} ${rule.selector}: color ${colour} is not a colour`);
      const ownBackground = rule.decls.get('background-color') ?? rule.decls.get('background');
      const token = /^var\(--([\w-]+)\)$/.exec(colour)?.[1] ?? '';
      const backdrops =
        ownBackground && !SKIP.has(ownBackground.toLowerCase())
          ? [ownBackground]
          : (BACKDROPS[token] ?? SURFACES).map((name) => `var(--${name})`);
      const needed = largeText(rule.decls) ? 3 : 4.5;
      for (const backdrop of backdrops) {
        for (const bg of backgroundsOf(backdrop, scheme, tokens)) {
          const ratio = contrast(fg.a < 1 ? over(fg, bg) : fg, bg);
          if (ratio + 1e-9 < needed) {
            failures.push({
              where: `${rule.file} ${rule.selector}`,
              scheme,
              text: colour,
              background: backdrop,
              ratio,
              needed,
            });
          }
        }
      }
    }
  }
  return failures;
}

/** Control colours below 3:1 against some surface. */
export function controlFailures(tokens = paletteSource()): PairFailure[] {
  const failures: PairFailure[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    for (const name of CONTROL_TOKENS) {
      const fg = parseColour(resolve(`var(--${name})`, scheme, tokens));
      if (!fg) throw new Error(`--${name} is not a colour`);
      for (const surface of SURFACES) {
        for (const bg of backgroundsOf(`var(--${surface})`, scheme, tokens)) {
          const ratio = contrast(fg.a < 1 ? over(fg, bg) : fg, bg);
          if (ratio < 3)
            failures.push({ where: `--${name}`, scheme, text: name, background: surface, ratio, needed: 3 });
        }
      }
    }
  }
  return failures;
}

const COLOUR_LITERAL = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b(?:white|black)\b/i;

const COLOUR_PROPERTY =
  /^(color|background|background-color|background-image|border.*|outline.*|box-shadow|text-shadow|fill|stroke|accent-color|caret-color|text-decoration.*)$/;

/**
 * Declarations outside the palette that write a colour themselves (a literal, or a fallback behind var()), or
 * colour something with a custom property the palette does not hold.
 */
export function scatteredColours(rules: StyleRule[], tokens = paletteSource()): string[] {
  const found: string[] = [];
  for (const rule of rules) {
    if (rule.file.endsWith('theme.css')) continue;
    for (const [prop, value] of rule.decls) {
      const unknown = COLOUR_PROPERTY.test(prop)
        ? [...value.matchAll(/var\(--([\w-]+)/g)].some((m) => !tokens.has(m[1] ?? ''))
        : false;
      if (COLOUR_LITERAL.test(value) || unknown)
        found.push(`${rule.file} ${rule.selector} { ${prop}: ${value} }`);
    }
  }
  return found;
}
