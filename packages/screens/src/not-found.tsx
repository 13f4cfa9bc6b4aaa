import type { Metadata } from "next";
import { NotFoundErrorPage } from "./error/not-found-page";

/** Title of every not-found answer. */
export const metadata: Metadata = { title: "Page Not Found" };

/** The not-found screen for unknown paths and /404 (spec: 'Page not found', 'Page Not Found: {path}'). */
export default function NotFoundScreen() {
  return <NotFoundErrorPage />;
}
