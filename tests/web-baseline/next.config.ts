import type { NextConfig } from "next";

// As stock as an app gets, served by `next start` as the brand sites are.
const config: NextConfig = { poweredByHeader: false };
export default config;
