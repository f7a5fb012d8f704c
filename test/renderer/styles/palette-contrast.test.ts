// One palette of design tokens (renderer/styles/theme.css, light and dark side by side), and every text and
// background pair the stylesheets use meets WCAG 2.1 AA in both themes: 4.5:1 for text, 3:1 for large text and
// for the colours that mark a control. The checker is shown a bad pair first, so a pass means something.
import { describe, expect, it } from 'vitest';
import {
  contrast,
  contrastFailures,
  controlFailures,
  paletteSource,
  parseColour,
  scatteredColours,
  styleRules,
  type StyleRule,
} from './palette';

const rule = (selector: string, decls: Record<string, string>): StyleRule => ({
  file: 'probe.css',
  selector,
  decls: new Map(Object.entries(decls)),
});

describe('the checker', () => {
  it('computes WCAG contrast ratios', () => {
    const white = parseColour('#fff');
    const black = parseColour('rgb(0 0 0)');
    if (!white || !black) throw new Error('unparsed');
    expect(contrast(white, black)).toBeCloseTo(21, 5);
    const grey = parseColour('#767676');
    if (!grey) throw new Error('unparsed');
    expect(contrast(grey, white)).toBeCloseTo(4.54, 2);
  });

  it('reports a low-contrast pair, a faint text on the surfaces, and a colour written outside the palette', () => {
    const tokens = new Map(paletteSource());
    tokens.set('probe-faint', 'light-dark(#c8c8d0, #30303a)');
    const failures = contrastFailures(
      [
        rule('.grey-on-grey', { color: '#999', background: '#aaa' }),
        rule('.faint', { color: 'var(--probe-faint)' }),
        rule('.fine', { color: 'var(--text)' }),
      ],
      tokens,
    );
    expect(new Set(failures.map((f) => f.where))).toEqual(
      new Set(['probe.css .grey-on-grey', 'probe.css .faint']),
    );
    expect(failures.filter((f) => f.where.endsWith('.faint')).map((f) => f.scheme)).toContain('dark');
    expect(
      scatteredColours([rule('.x', { color: '#123456' }), rule('.y', { background: 'var(--bg, #fff)' })]),
    ).toHaveLength(2);
  });

  it('lets large text pass at 3:1', () => {
    const failures = contrastFailures([
      rule('.big', { color: '#808080', background: '#fff', 'font-size': '24px' }),
      rule('.small', { color: '#808080', background: '#fff', 'font-size': '14px' }),
    ]);
    expect(failures.map((f) => f.where)).toEqual(['probe.css .small', 'probe.css .small']);
  });
});

describe('the palette', () => {
  const rules = styleRules();

  it('holds every colour: no stylesheet writes one of its own or a fallback', () => {
    expect(scatteredColours(rules)).toEqual([]);
  });

  it('every text/background pair the stylesheets use meets 4.5:1 (3:1 large), light and dark', () => {
    const failures = contrastFailures(rules).map(
      (f) =>
        `${f.scheme} ${f.where}: ${f.text} on ${f.background} is ${f.ratio.toFixed(2)}:1, needs ${f.needed}:1`,
    );
    expect(failures).toEqual([]);
  });

  it('controls (accent, control borders, the focus ring) stand 3:1 against every surface', () => {
    const failures = controlFailures().map(
      (f) => `${f.scheme} --${f.text} on --${f.background}: ${f.ratio.toFixed(2)}:1`,
    );
    expect(failures).toEqual([]);
  });
});
