import { ImageResponse } from "next/og";
import { getBrand } from "./brand";

/** Share cards are the size Open Graph and Twitter's large card expect. */
export const shareImageSize = { width: 1200, height: 630 } as const;

/**
 * GET handler of the brand's share image (Open Graph and Twitter card), drawn at build time with
 * next/og's bundled font: no network, no remote fonts.
 */
export function GET(): ImageResponse {
  const brand = getBrand();
  const { primary, secondary, background } = brand.colors;
  const isStoryloom = brand.id === "storyloom";
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: 72,
          color: "#ffffff",
          background: `linear-gradient(${isStoryloom ? "135deg" : "200deg"}, ${primary} 0%, ${background} 70%)`,
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 28 }}>
          <div
            style={{
              width: 120,
              height: 120,
              borderRadius: isStoryloom ? 30 : 26,
              background: isStoryloom ? `linear-gradient(135deg, ${primary}, #db2777)` : primary,
              border: "6px solid rgba(255,255,255,0.85)",
              transform: isStoryloom ? "rotate(0deg)" : "rotate(-8deg)",
              display: "flex",
              alignItems: "center",
              justifyContent: "center",
              fontSize: 64,
              fontWeight: 800,
            }}
          >
            {isStoryloom ? "S" : "▶"}
          </div>
          <div style={{ fontSize: 88, fontWeight: 800, letterSpacing: -2 }}>{brand.name}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
          <div style={{ fontSize: 60, fontWeight: 700, lineHeight: 1.1 }}>{brand.tagline}</div>
          <div style={{ fontSize: 32, opacity: 0.9 }}>{`AI-Powered Interactive Stories · ${brand.domain}`}</div>
        </div>
        <div style={{ display: "flex", height: 14, width: 420, borderRadius: 7, background: secondary }} />
      </div>
    ),
    { ...shareImageSize },
  );
}
