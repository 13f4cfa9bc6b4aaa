import { escapeHtml } from "../services/subscriptions";
import { hash, motif, paletteOf, rng } from "./palette";

// Generated art: deterministic SVG from an id (no network, no files), so every cover, avatar and
// package background looks designed and is the same on every instance.

const wrap = (text: string, width: number): string[] => {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + " " + word).length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 4);
};

const initials = (name: string) =>
  name
    .replace(/["'.]/g, "")
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("") || "?";

/** A 600×800 story cover: the category's sky and motif, with the title set at the bottom. */
export function coverSvg(id: string, title: string, category?: string): string {
  const p = paletteOf(category);
  const r = rng(`cover:${id}`);
  const [top, bottom] = p.skies[hash(id) % p.skies.length]!;
  const lines = wrap(title, 16);
  const text = lines
    .map((l, i) => `<text x="40" y="${760 - (lines.length - 1 - i) * 54}" font-size="48" font-weight="700">${escapeHtml(l)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800" role="img" aria-label="${escapeHtml(title)}"><defs><linearGradient id="g" x1="0" y1="0" x2="${(r() * 0.6).toFixed(2)}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".75"/></linearGradient></defs><rect width="600" height="800" fill="url(#g)"/>${motif(category, r, p.accent)}<rect width="600" height="800" fill="url(#s)"/><g fill="${p.ink}" font-family="Georgia, 'Times New Roman', serif">${text}</g><rect x="40" y="${760 - lines.length * 54 - 10}" width="60" height="4" fill="${p.accent}"/></svg>`;
}

/** A 256×256 character avatar: a ringed gradient disc with the character's initials. */
export function avatarSvg(id: string, name: string, category?: string): string {
  const p = paletteOf(category);
  const h = hash(id);
  const [a, b] = p.skies[h % p.skies.length]!;
  const angle = h % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${escapeHtml(name)}"><defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs><circle cx="128" cy="128" r="128" fill="url(#g)"/><circle cx="128" cy="128" r="112" fill="none" stroke="${p.accent}" stroke-width="4" opacity=".6"/><circle cx="${60 + (h % 140)}" cy="${50 + ((h >> 8) % 60)}" r="${18 + ((h >> 4) % 20)}" fill="${p.accent}" opacity=".18"/><text x="128" y="148" text-anchor="middle" font-family="Georgia, serif" font-size="72" font-weight="700" fill="${p.ink}">${escapeHtml(initials(name))}</text></svg>`;
}

/** A 480×240 price package background: a jewel gradient scattered with diamonds, richer for bigger packages. */
export function packageSvg(id: string, tier: number): string {
  const r = rng(`package:${id}`);
  const hues = [265, 200, 160, 35, 330, 0];
  const hue = hues[Math.abs(tier) % hues.length]!;
  const diamonds = Array.from({ length: 6 + tier * 3 }, () => {
    const x = Math.round(r() * 480), y = Math.round(r() * 240), s = Math.round(6 + r() * 18);
    return `<path d="M${x} ${y - s} L${x + s * 0.7} ${y} L${x} ${y + s} L${x - s * 0.7} ${y}Z" fill="#fff" opacity="${(0.08 + r() * 0.25).toFixed(2)}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 240" width="480" height="240" role="img" aria-label="coin package"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 22%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360} 80% 55%)"/></linearGradient></defs><rect width="480" height="240" rx="24" fill="url(#g)"/>${diamonds}</svg>`;
}
