// The few brand facts the error screens need (global-error, route error, not-found; with mark.tsx
// for the logo). They load with every page, each in its own chunk, so they take these rather than
// the brand table, whose copy would otherwise be downloaded once per chunk.

/** A brand's name and support address. */
export interface BrandContact {
  name: string;
  supportEmail: string;
}

export const storyloomContact: BrandContact = { name: "Storyloom", supportEmail: "support@storyloom.ai" };
export const playshotContact: BrandContact = { name: "PlayShot", supportEmail: "support@playshot.ai" };

/** The contact of the brand this build serves (APP_NAME is inlined at build, as in brand.ts). */
export function brandContact(): BrandContact {
  return process.env.APP_NAME === "playshot" ? playshotContact : storyloomContact;
}
