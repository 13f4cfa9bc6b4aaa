// Colours and motifs per category: covers of one genre share a mood, the id picks the variation.

/** A category's look: gradient stops to pick from and an accent for motifs and text. */
export interface Palette {
  skies: [string, string][];
  accent: string;
  ink: string;
}

/** Palettes by category id; unknown categories use "default". */
export const palettes: Record<string, Palette> = {
  fantasy: { skies: [["#1e1b4b", "#9d4edd"], ["#172554", "#f59e0b"], ["#3b0764", "#f472b6"]], accent: "#fde68a", ink: "#fff7ed" },
  "sci-fi": { skies: [["#020617", "#0ea5e9"], ["#0f172a", "#22d3ee"], ["#111827", "#a78bfa"]], accent: "#67e8f9", ink: "#ecfeff" },
  mystery: { skies: [["#0c0a09", "#57534e"], ["#1c1917", "#b45309"], ["#0f172a", "#475569"]], accent: "#fbbf24", ink: "#fafaf9" },
  romance: { skies: [["#4c0519", "#fb7185"], ["#500724", "#f9a8d4"], ["#3b0764", "#fda4af"]], accent: "#ffe4e6", ink: "#fff1f2" },
  horror: { skies: [["#000000", "#450a0a"], ["#0a0a0a", "#14532d"], ["#020617", "#7f1d1d"]], accent: "#ef4444", ink: "#fef2f2" },
  "slice-of-life": { skies: [["#164e63", "#fcd34d"], ["#14532d", "#a3e635"], ["#7c2d12", "#fdba74"]], accent: "#fef3c7", ink: "#fffbeb" },
  default: { skies: [["#18181b", "#6366f1"], ["#1f2937", "#10b981"]], accent: "#e0e7ff", ink: "#ffffff" },
};

/** A stable 32-bit hash of a string (FNV-1a): the same id always draws the same picture. */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A deterministic pseudo-random sequence seeded by a string (mulberry32). */
export function rng(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The palette of a category. */
export const paletteOf = (category: string | undefined): Palette => palettes[category ?? "default"] ?? palettes.default!;

/** Motif shapes drawn over a 600×800 cover, per category. */
export function motif(category: string | undefined, r: () => number, accent: string): string {
  const n = (lo: number, hi: number) => Math.round(lo + r() * (hi - lo));
  const stars = (k: number) =>
    Array.from({ length: k }, () => `<circle cx="${n(0, 600)}" cy="${n(0, 420)}" r="${(r() * 2 + 0.6).toFixed(1)}" fill="#fff" opacity="${(r() * 0.6 + 0.3).toFixed(2)}"/>`).join("");
  switch (category) {
    case "fantasy":
      return `${stars(40)}<circle cx="${n(380, 500)}" cy="${n(120, 200)}" r="70" fill="${accent}" opacity=".9"/><circle cx="${n(400, 520)}" cy="${n(100, 180)}" r="64" fill="#1e1b4b" opacity=".85"/><path d="M0 600 L${n(90, 160)} ${n(380, 440)} L${n(220, 280)} 520 L${n(330, 400)} ${n(360, 420)} L${n(470, 520)} 540 L600 ${n(440, 480)} L600 800 L0 800Z" fill="#0b0a1f" opacity=".8"/>`;
    case "sci-fi":
      return `${stars(70)}<circle cx="${n(180, 420)}" cy="${n(220, 320)}" r="${n(90, 130)}" fill="${accent}" opacity=".25"/><ellipse cx="300" cy="${n(260, 290)}" rx="230" ry="34" fill="none" stroke="${accent}" stroke-width="3" opacity=".7" transform="rotate(${n(-20, 20)} 300 280)"/><path d="M0 ${n(600, 640)} H600" stroke="${accent}" stroke-opacity=".3"/>`;
    case "mystery":
      return `<g fill="none" stroke="${accent}" opacity=".35">${Array.from({ length: 6 }, (_, i) => `<circle cx="${n(250, 350)}" cy="${n(260, 320)}" r="${40 + i * 34}"/>`).join("")}</g><path d="M${n(60, 120)} 800 V${n(420, 480)} H${n(160, 200)} V800Z M${n(420, 470)} 800 V${n(380, 450)} H${n(520, 560)} V800Z" fill="#000" opacity=".55"/>`;
    case "romance":
      return Array.from({ length: 9 }, () => {
        const x = n(40, 560), y = n(60, 520), s = n(12, 40);
        return `<path d="M${x} ${y + s * 0.9} C${x - s * 1.6} ${y - s * 0.2} ${x - s * 0.5} ${y - s * 1.3} ${x} ${y - s * 0.3} C${x + s * 0.5} ${y - s * 1.3} ${x + s * 1.6} ${y - s * 0.2} ${x} ${y + s * 0.9}Z" fill="${accent}" opacity="${(r() * 0.4 + 0.15).toFixed(2)}"/>`;
      }).join("");
    case "horror":
      return `<circle cx="${n(200, 400)}" cy="${n(140, 220)}" r="80" fill="${accent}" opacity=".55"/>${Array.from({ length: 7 }, (_, i) => {
        const x = 40 + i * 85 + n(-15, 15);
        return `<path d="M${x} 800 L${x + 6} ${n(360, 480)} L${x - 30} ${n(380, 420)} M${x + 4} ${n(440, 520)} L${x + 40} ${n(400, 460)}" stroke="#000" stroke-width="${n(6, 12)}" opacity=".85"/>`;
      }).join("")}`;
    case "slice-of-life":
      return `<circle cx="${n(120, 480)}" cy="${n(130, 200)}" r="60" fill="${accent}" opacity=".9"/><path d="M0 ${n(470, 520)} Q150 ${n(400, 440)} 300 ${n(470, 510)} T600 ${n(450, 500)} V800 H0Z" fill="#000" opacity=".25"/>${Array.from({ length: 4 }, (_, i) => `<rect x="${80 + i * 120}" y="${n(520, 560)}" width="50" height="60" rx="6" fill="${accent}" opacity=".35"/>`).join("")}`;
    default:
      return stars(30);
  }
}
