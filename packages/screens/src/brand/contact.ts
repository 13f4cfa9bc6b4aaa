// The few brand facts the last-resort error page needs (global-error.tsx). It loads with every page,
// so it takes them from here rather than from the brand table, whose logos and copy would then be
// downloaded twice (the table is in the pages' own chunks too).

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
