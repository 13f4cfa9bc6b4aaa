import type { Metadata } from "next";
import { CatalogueScreen } from "@storyloom/admin-screens/catalogue";

export const metadata: Metadata = { title: "Catalogue" };

/** The Catalogue screen (its filters are in the URL). */
export default function Page() {
  return <CatalogueScreen />;
}
