import { notFound } from "next/navigation";

/** /404 as a route of its own: answers with the not-found screen and a real 404 status. */
export default function NotFoundRouteScreen(): never {
  notFound();
}
