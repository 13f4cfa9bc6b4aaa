import { playshotPort, productPort } from "./env";

/** What the specs expect of each brand site. */
export interface BrandSite {
  id: "storyloom" | "playshot";
  name: string;
  baseURL: string;
  supportEmail: string;
}

/** Both brand sites of the e2e stack. */
export const brandSites: readonly BrandSite[] = [
  { id: "storyloom", name: "Storyloom", baseURL: `http://127.0.0.1:${productPort}`, supportEmail: "support@storyloom.ai" },
  { id: "playshot", name: "PlayShot", baseURL: `http://127.0.0.1:${playshotPort}`, supportEmail: "support@playshot.ai" },
];
