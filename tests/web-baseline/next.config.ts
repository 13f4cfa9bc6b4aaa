import type { NextConfig } from "next";

// As stock as an app gets. `pnpm bench:web` serves it on the brand sites' server
// (storyloom-next-start), which compresses itself and sets STORYLOOM_OUTER_COMPRESSION: Next's own
// gzip is then off, as it is for the sites.
const config: NextConfig = { poweredByHeader: false, compress: process.env.STORYLOOM_OUTER_COMPRESSION !== "1" };
export default config;
